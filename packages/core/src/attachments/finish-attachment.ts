// Ends an upload (issue 36): once every chunk has arrived the attachment is
// `complete` and its chunks are fixed. Finishing again answers the same record; with
// chunks missing it is 409 attachment-state naming them.
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import type { Caller } from "../types";
import {
  type AttachmentView,
  findAttachment,
  receivedChunks,
  requireNoteAccess,
  toView,
} from "./attachment-record";

export async function finishAttachment(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
): Promise<AttachmentView> {
  const id = attachmentId.toLowerCase();
  return core.db.transaction(async (tx) => {
    await requireNoteAccess(tx, noteId, caller.accountId, "writer");
    const row = await findAttachment(tx, noteId, id, true);
    if (row.state !== "uploading") return toView(core, row);
    const received = await receivedChunks(tx, id);
    if (received.length < row.chunk_count) {
      const missing = toView(core, row, received).missingChunks ?? [];
      throw new DomainError(
        "attachment-state",
        `Chunks still missing: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? " …" : ""}.`,
      );
    }
    await tx.execute(
      sql`update attachments set state = 'complete', completed_at = now(), touched_at = now()
          where id = ${id}`,
    );
    return toView(core, await findAttachment(tx, noteId, id));
  });
}
