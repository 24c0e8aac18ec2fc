// A member leaves a shared note on their own (the roster is otherwise the owner's
// to change). The leaver's view becomes a tombstone and every remaining member's
// view moves (memberCount changed), at one new seq announced as a roster change, so
// the relay tells everyone's feed and closes the leaver's room sockets (4403). The
// content key stays: rotating it is the owner's client's job (docs/sharing.md).
import type { Core } from "../core";
import { DomainError } from "../errors";
import { drawSeq } from "../notes/change-seq";
import { lockNoteForWrite, touchMembers } from "../notes/note-access";
import { announce } from "../realtime/announce";
import type { Caller } from "../types";
import { revokeMembers } from "./revoke-members";

/** The owner is the note's one fixed member (contract.md §4): they delete it instead. */
export const ownerCannotLeave = () =>
  new DomainError(
    "owner-cannot-leave",
    "The owner cannot leave their own note; delete it, or remove the others, instead.",
  );

export async function leaveNote(core: Core, caller: Caller, noteId: string): Promise<void> {
  const id = noteId.toLowerCase();
  await core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId, "member");
    if (note.role === "owner") throw ownerCannotLeave();
    const seq = await drawSeq(tx);
    await revokeMembers(tx, id, [caller.accountId], seq);
    await touchMembers(tx, id, seq);
    await announce(tx, { e: "note", kind: "roster", noteId: id, seq, ownerId: note.ownerId });
  });
}
