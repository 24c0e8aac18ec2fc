// What a Notebook tells the SDK's trust checks as the person works (issue 33): who owns
// a note, learnt from a roster read here (only the owner's signature deletes a note);
// that this account is leaving a note (its tombstone is then taken, not set aside); and
// the metadata revision to write from (the highest seen, whatever the UI built from).
import {
  expectDeparture,
  type Member,
  type OpenNote,
  rememberNoteOwner,
  type Session,
  seenStatesOf,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";

/** A roster was read or written here: remember the note's owner (once). */
export function ownerSeen(session: Session, noteId: string, members: readonly Member[]): void {
  const owner = members.find((m) => m.role === "owner");
  if (owner) rememberNoteOwner(session, noteId, owner.userId);
}

/** This account left the note here: the sync that follows takes its tombstone. */
export function leaving(session: Session, noteId: string): void {
  expectDeparture(session, noteId);
}

/** `metadata` with the highest revision seen of the note (the writer seals one above). */
export function atSeenRevision(
  session: Session,
  note: OpenNote,
  metadata: NoteMetadata,
): NoteMetadata {
  const seen = seenStatesOf(session).get(note.id)?.metadataRev ?? 0;
  const rev = Math.max(seen, note.metadata.rev ?? 0, metadata.rev ?? 0);
  return { ...metadata, ...(rev > 0 && { rev }) };
}
