// Deletes a note (owner only): its ciphertext, updates, revisions and previous
// compaction go (signature blocks with what they sign), their bytes leave the
// owner's usage, and every member's view becomes a tombstone at a new seq. The row
// stays so the id is never reused. Deleting again is a no-op.
import { noteRequests, noteUpdates, previousCompactions, revisions, rows } from "@notes/db";
import { eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { announce } from "../realtime/announce";
import { revokeMembers } from "../sharing/revoke-members";
import type { Caller } from "../types";
import { drawSeq } from "./change-seq";
import { lockNoteForWrite } from "./note-access";
import { keptBytes } from "./previous-compaction";
import { chargeStorage } from "./storage";

export async function deleteNote(core: Core, caller: Caller, noteId: string): Promise<void> {
  const id = noteId.toLowerCase();
  await core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId, "owner").catch(
      (error: unknown) => {
        if (error instanceof DomainError && error.slug === "note-deleted") return undefined;
        throw error;
      },
    );
    if (!note) return;
    const seq = await drawSeq(tx);
    const [revisionBytes] = await rows<{ bytes: string | number | null }>(
      tx,
      sql`select sum(bytes) as bytes from revisions where note_id = ${id}`,
    );
    const kept = await keptBytes(tx, id);
    const released = note.bytes + Number(revisionBytes?.bytes ?? 0) + kept;
    await chargeStorage(tx, note.ownerId, -released, -1);
    await tx.delete(previousCompactions).where(eq(previousCompactions.noteId, id));
    await tx.delete(noteUpdates).where(eq(noteUpdates.noteId, id));
    await tx.delete(noteRequests).where(eq(noteRequests.noteId, id));
    await tx.delete(revisions).where(eq(revisions.noteId, id));
    await tx.execute(
      sql`update notes set deleted = true, metadata = null, snapshot = null,
            metadata_signature = null, snapshot_signature = null, bytes = 0, updated_at = now()
          where id = ${id}`,
    );
    await revokeMembers(tx, id, "everyone", seq);
    await announce(tx, { e: "note", kind: "delete", noteId: id, seq, ownerId: note.ownerId });
  });
}
