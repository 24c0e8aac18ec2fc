// Reading attachments (issue 36): any live member lists a note's attachments, reads
// one (with the chunks still missing while it uploads, so an interrupted upload knows
// where to resume), and downloads it chunk by chunk.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import {
  type AttachmentRow,
  type AttachmentView,
  attachmentNotFound,
  findAttachment,
  receivedChunks,
  requireNoteAccess,
  storeOf,
  toView,
} from "./attachment-record";

export async function listAttachments(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<AttachmentView[]> {
  await requireNoteAccess(core.db, noteId, caller.accountId, "member");
  const found = await rows<AttachmentRow & { received: number[] | null }>(
    core.db,
    sql`select a.id, a.note_id, a.owner_id, a.wrapped_key, a.metadata, a.chunk_size, a.chunk_count,
               a.size, a.bytes, a.state, a.store, a.created_at, a.completed_at,
               case when a.state = 'uploading' then
                 (select coalesce(array_agg(c.index), '{}') from attachment_chunks c
                  where c.attachment_id = a.id) end as received
        from attachments a where a.note_id = ${noteId} order by a.created_at, a.id`,
  );
  return found.map((row) => toView(core, row, row.received?.map(Number)));
}

export async function readAttachment(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
): Promise<AttachmentView> {
  await requireNoteAccess(core.db, noteId, caller.accountId, "member");
  const id = attachmentId.toLowerCase();
  const row = await findAttachment(core.db, noteId, id);
  return toView(
    core,
    row,
    row.state === "uploading" ? await receivedChunks(core.db, id) : undefined,
  );
}

export async function readChunk(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  index: number,
): Promise<Uint8Array> {
  await requireNoteAccess(core.db, noteId, caller.accountId, "member");
  const id = attachmentId.toLowerCase();
  const row = await findAttachment(core.db, noteId, id);
  const [chunk] = await rows<{ data: Uint8Array | null }>(
    core.db,
    sql`select data from attachment_chunks where attachment_id = ${id} and index = ${index}`,
  );
  if (!chunk) throw attachmentNotFound(`Chunk ${index} of this attachment has not arrived.`);
  return storeOf(core, row.store).read({ attachmentId: id, index }, chunk.data);
}
