// Sharing a note with someone (owner only): seal the note's content key to their
// public key and add them to the roster, re-sealing it for everyone already there.
// The newcomer's key came from a look-up, the server's word: it must match their pin
// (or is pinned now, the first time), and everyone else's wrap uses their pinned key.
import type { ApiClient } from "../api/client";
import { NotAMember } from "../errors";
import type { OpenNote } from "../notes/open-state";
import { keyTransparencyFor } from "../trust/key-transparency";
import { checkSeenKey, keyPinsOf } from "../trust/pin-check";
import type { Session } from "../vault/session";
import type { Member } from "./list-members";
import { PublicKeyDirectory } from "./public-key-directory";
import { changeRoster, type RosterChange } from "./roster-change";
import { guestsOf, type RosterOptions } from "./write-roster";

export interface NewMember {
  userId: string;
  /** Raw X25519 public key, as resolveUser answers it. */
  publicKey: Uint8Array;
  /** Raw Ed25519 signing key, as resolveUser answers it (pinned alongside). */
  signingPublicKey?: Uint8Array | undefined;
  role: "editor" | "viewer";
}

/**
 * Adding someone already on the roster sets their role; the owner → NotAMember. Throws
 * PublicKeyChanged, before any request, when `member.publicKey` is not their pinned key.
 */
export async function addMember(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  member: NewMember,
  options: RosterOptions = {},
): Promise<RosterChange> {
  const publicKey = await checkSeenKey(
    keyPinsOf(session),
    member.userId,
    member.publicKey,
    member.signingPublicKey,
    keyTransparencyFor(api),
  );
  const directory = options.directory ?? new PublicKeyDirectory();
  directory.set(member.userId, publicKey);
  const userId = member.userId.toLowerCase();
  const plan = (current: readonly Member[]) => {
    const found = current.find((m) => m.userId === userId);
    if (found?.role === "owner") throw new NotAMember(userId);
    if (found?.role === member.role) return undefined;
    return [...guestsOf(current, userId), { userId, role: member.role }];
  };
  return changeRoster(api, session, note, plan, false, { ...options, directory });
}
