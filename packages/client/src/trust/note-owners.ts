// Who owns each note, as this device knows it (issue 33, item 3): only the owner may
// delete a note, so a deletion is taken only when signed by them (deletion-check.ts).
// For a note this account owns, that is this account. For a note shared with it, the
// owner is learnt once and kept in the note's seen state (trust on first use, carried
// across restarts with the seen states): from a roster this device read, and, once it
// lands, from the owner-signed membership chain (the seam below). Never from a tombstone.
import type { Session } from "../vault/session";
import { seenStatesOf } from "./served-state";

/**
 * Records `ownerId` as the owner of `noteId` unless one is known already: the owner of
 * a note never changes, so a different one later is the server's word, not news.
 * Answers the owner this device keeps.
 */
export function rememberNoteOwner(session: Session, noteId: string, ownerId: string): string {
  const seen = seenStatesOf(session);
  const held = seen.get(noteId);
  if (held?.ownerId) return held.ownerId;
  const owner = ownerId.toLowerCase();
  seen.set({ ...(held ?? { noteId, version: 0, snapshotVersion: 0 }), ownerId: owner });
  return owner;
}

/**
 * The owner of `noteId` as this device knows it: this account for its own notes
 * (`role` owner), else the one remembered, else undefined (nothing is confirmed then).
 * The seam for the signed membership chain: once a verified chain is held for the note,
 * its owner answers here first.
 */
export function noteOwnerOf(
  session: Session,
  noteId: string,
  role: string | undefined,
): string | undefined {
  if (role === "owner") return session.account.id.toLowerCase();
  // The owner the note's key handouts were judged by (trust/key-handouts.ts) comes first.
  return session.keyStates?.get(noteId)?.ownerId ?? seenStatesOf(session).get(noteId)?.ownerId;
}
