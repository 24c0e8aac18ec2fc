// Replaces an attachment's sealed metadata (a rename) or its wrapped key (issue 36):
// when the note's content key rotates, the owner's device re-wraps every file key
// under the new one, and the file's bytes stay as they are. The difference in bytes
// moves the owner's usage.
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { chargeStorage } from "../notes/storage";
import type { Caller } from "../types";
import {
  type AttachmentView,
  findAttachment,
  requireNoteAccess,
  toView,
} from "./attachment-record";

export interface AttachmentChange {
  metadata?: Uint8Array | null | undefined;
  wrappedKey?: Uint8Array | null | undefined;
}

export async function updateAttachment(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  change: AttachmentChange,
): Promise<AttachmentView> {
  const id = attachmentId.toLowerCase();
  return core.db.transaction(async (tx) => {
    const { ownerId } = await requireNoteAccess(tx, noteId, caller.accountId, "writer");
    const row = await findAttachment(tx, noteId, id, true);
    const metadata = change.metadata ?? row.metadata;
    const wrappedKey = change.wrappedKey ?? row.wrapped_key;
    const delta =
      metadata.byteLength +
      wrappedKey.byteLength -
      row.metadata.byteLength -
      row.wrapped_key.byteLength;
    if (delta !== 0) await chargeStorage(tx, ownerId, delta);
    await tx.execute(
      sql`update attachments set metadata = ${Buffer.from(metadata)},
            wrapped_key = ${Buffer.from(wrappedKey)}, bytes = bytes + ${delta}::bigint
          where id = ${id}`,
    );
    return toView(core, await findAttachment(tx, noteId, id));
  });
}
