// Members' sharing public keys, by account id. A roster replacement re-seals the
// content key to every member, but the roster does not carry keys, so they are found:
// first the account's pins (keys as first seen: trust on first use), then this
// directory, then users:resolve by handle, then by the address the owner sees for a
// handle-less member. A pinned member is never looked up again: a rotation after a
// removal, above all, must seal to the keys the owner already trusts, not to
// whatever a look-up answers that day. A key found otherwise is pinned on the way.
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { MemberKeyUnavailable } from "../errors";
import type { KeyPins } from "../trust/key-pins";
import { keyTransparencyFor } from "../trust/key-transparency";
import { checkSeenKey } from "../trust/pin-check";
import type { Member } from "./list-members";
import { resolveUser, type UserQuery } from "./resolve-user";

/** A cache of look-ups (30 a minute), kept by the caller across roster changes. */
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

export interface KeySources {
  directory: PublicKeyDirectory;
  pins: KeyPins;
}

/**
 * The key to seal to for each of `userIds`, named in `roster`: the pinned one, else
 * one found (directory, then a look-up; they run one at a time, being rate-limited)
 * and pinned now. Throws MemberKeyUnavailable when an unpinned member cannot be found
 * or a handle now names someone else.
 */
export async function memberPublicKeys(
  api: ApiClient,
  { directory, pins }: KeySources,
  roster: readonly Member[],
  userIds: readonly string[],
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const userId of userIds) {
    const pinned = pins.get(userId)?.publicKey;
    const key =
      pinned ??
      (await checkSeenKey(
        pins,
        userId,
        await foundKey(api, directory, roster, userId),
        undefined,
        keyTransparencyFor(api),
      ));
    directory.set(userId, key);
    out.set(userId, key);
  }
  return out;
}

async function foundKey(
  api: ApiClient,
  directory: PublicKeyDirectory,
  roster: readonly Member[],
  userId: string,
): Promise<Uint8Array> {
  const cached = directory.get(userId);
  if (cached) return cached;
  const member = roster.find((m) => m.userId.toLowerCase() === userId.toLowerCase());
  const query = member ? queryFor(member) : undefined;
  if (!query) throw new MemberKeyUnavailable(userId);
  const found = await resolveUser(api, query).catch((error: unknown) => {
    throw isProblem(error, "user-not-found") ? new MemberKeyUnavailable(userId) : error;
  });
  if (found.userId.toLowerCase() !== userId.toLowerCase()) throw new MemberKeyUnavailable(userId);
  return found.publicKey;
}

function queryFor(member: Member): UserQuery | undefined {
  if (member.handle) return { handle: member.handle };
  // The owner sees a handle-less member's address as `name` (interface.md §2.5).
  if (member.name?.includes("@")) return { email: member.name };
  return undefined;
}
