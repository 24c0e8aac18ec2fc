// Members' sharing public keys, by account id. A roster replacement re-seals the
// content key to every member, but the roster does not carry keys, so they are looked
// up: first here, then users:resolve by handle, then by the address the owner sees for
// a handle-less member. A keypair never changes once stored (409 keypair-exists), so a
// key learned once stays right; keep the directory to spare look-ups (30 a minute).
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { MemberKeyUnavailable } from "../errors";
import type { Member } from "./list-members";
import { resolveUser, type UserQuery } from "./resolve-user";

export class PublicKeyDirectory {
  private readonly keys = new Map<string, Uint8Array>();

  get(userId: string): Uint8Array | undefined {
    return this.keys.get(userId.toLowerCase());
  }

  set(userId: string, publicKey: Uint8Array): void {
    this.keys.set(userId.toLowerCase(), Uint8Array.from(publicKey));
  }

  /** For persisting: account id → raw public key. */
  entries(): [string, Uint8Array][] {
    return [...this.keys.entries()];
  }
}

/**
 * The public key of each of `userIds`, named in `roster`. Look-ups run one at a time
 * (they are rate-limited) and their results are kept in `directory`. Throws
 * MemberKeyUnavailable when a member cannot be found or a handle now names someone else.
 */
export async function memberPublicKeys(
  api: ApiClient,
  directory: PublicKeyDirectory,
  roster: readonly Member[],
  userIds: readonly string[],
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const userId of userIds) {
    let key = directory.get(userId);
    if (!key) {
      const member = roster.find((m) => m.userId.toLowerCase() === userId.toLowerCase());
      const query = member ? queryFor(member) : undefined;
      if (!query) throw new MemberKeyUnavailable(userId);
      const found = await resolveUser(api, query).catch((error: unknown) => {
        throw isProblem(error, "user-not-found") ? new MemberKeyUnavailable(userId) : error;
      });
      if (found.userId.toLowerCase() !== userId.toLowerCase()) {
        throw new MemberKeyUnavailable(userId);
      }
      key = found.publicKey;
      directory.set(userId, key);
    }
    out.set(userId, key);
  }
  return out;
}

function queryFor(member: Member): UserQuery | undefined {
  if (member.handle) return { handle: member.handle };
  // The owner sees a handle-less member's address as `name` (interface.md §2.5).
  if (member.name?.includes("@")) return { email: member.name };
  return undefined;
}
