// Deletes a note (owner only): its ciphertext, updates, revisions, previous
// compaction and attachments go (signature blocks with what they sign), their bytes leave the
// owner's usage, and every member's view becomes a tombstone at a new seq. The row
// stays so the id is never reused. Deleting again is a no-op.
// A signed deletion (issue 33, item 3) carries the owner's signature block over the
// note's id and the version the owner last saw; the row keeps it and every tombstone
// serves it, so members' devices act on the deletion only when the owner made it. The
// server checks only that the block names the caller and that the version is the
// note's (else 412: the owner signs again after reading the note); it never verifies.
import { noteRequests, noteUpdates, previousCompactions, revisions, rows } from "@notes/db";
import { eq, sql } from "drizzle-orm";
import { forgetChunks } from "../attachments/attachment-record";
import { dropNoteAttachments } from "../attachments/remove-attachment";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { announce } from "../realtime/announce";
import { revokeNoteLinks } from "../share-links/revoke-links";
import { requireCallerSigned } from "../shared/signature-block";
import { revokeMembers } from "../sharing/revoke-members";
import type { Caller } from "../types";
import { drawSeq } from "./change-seq";
import { lockNoteForWrite } from "./note-access";
import { keptBytes } from "./previous-compaction";
import { chargeStorage } from "./storage";

/** The owner's signed word for a deletion: the version it signs, and the block. */
export interface SignedDeletion {
  version: number;
  deletionSignature: Uint8Array;
}

export async function deleteNote(
  core: Core,
  caller: Caller,
  noteId: string,
  signed?: SignedDeletion,
): Promise<void> {
  const id = noteId.toLowerCase();
  if (signed)
    requireCallerSigned(caller.accountId, [["/deletionSignature", signed.deletionSignature]]);
  const goneAttachments = await core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId, "owner").catch(
      (error: unknown) => {
        if (error instanceof DomainError && error.slug === "note-deleted") return undefined;
        throw error;
      },
    );
    if (!note) return [];
    if (signed && signed.version !== note.version) {
      throw new DomainError(
        "precondition-failed",
        `The note is at version ${note.version}, not ${signed.version}: read it and sign its deletion again.`,
      );
    }
    const seq = await drawSeq(tx);
    const [revisionBytes] = await rows<{ bytes: string | number | null }>(
      tx,
      sql`select sum(bytes) as bytes from revisions where note_id = ${id}`,
    );
    const kept = await keptBytes(tx, id);
    const attached = await dropNoteAttachments(tx, id);
    const released = note.bytes + Number(revisionBytes?.bytes ?? 0) + kept + attached.bytes;
    await chargeStorage(tx, note.ownerId, -released, -1);
    await tx.delete(previousCompactions).where(eq(previousCompactions.noteId, id));
    await tx.delete(noteUpdates).where(eq(noteUpdates.noteId, id));
    await tx.delete(noteRequests).where(eq(noteRequests.noteId, id));
    await tx.delete(revisions).where(eq(revisions.noteId, id));
    const signature = signed ? Buffer.from(signed.deletionSignature) : null;
    await tx.execute(
      sql`update notes set deleted = true, metadata = null, snapshot = null,
            metadata_signature = null, snapshot_signature = null, bytes = 0, updated_at = now(),
            deletion_signature = ${signature}
          where id = ${id}`,
    );
    await revokeMembers(tx, id, "everyone", seq);
    // Its share links end with it (issue 37): 410 link-revoked, their bytes released.
    await revokeNoteLinks(tx, id);
    await announce(tx, { e: "note", kind: "delete", noteId: id, seq, ownerId: note.ownerId });
    return attached.gone;
  });
  await forgetChunks(core, goneAttachments);
}
