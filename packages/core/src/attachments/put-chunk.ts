// Receives one chunk of an upload (issue 36). Idempotent by index: sending chunk i
// again replaces it, so a client that lost an answer simply sends it again. Every
// chunk but the last is exactly `chunkSize` bytes and the last is what remains of
// `size`, so what is stored is exactly what was charged at the start.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError, invalidRequest } from "../errors";
import type { Caller } from "../types";
import {
  type AttachmentRow,
  attachmentNotFound,
  findAttachment,
  forgetChunks,
  requireNoteAccess,
  storeOf,
} from "./attachment-record";

export const uploadFinished = () =>
  new DomainError("attachment-state", "The upload is finished: its chunks can no longer change.");

export async function putChunk(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  index: number,
  data: Uint8Array,
): Promise<void> {
  const { row, expected } = await uploadingChunk(core, caller, noteId, attachmentId, index);
  if (data.byteLength !== expected)
    throw invalidRequest([
      { pointer: "/data", detail: `Chunk ${index} must be exactly ${expected} bytes.` },
    ]);
  const kept = await storeOf(core, row.store).write({ attachmentId: row.id, index }, data);
  await recordChunk(core, row, index, expected, kept);
}

/** The upload's row and the exact ciphertext bytes chunk `index` must have; refuses a writer-less caller, a finished upload or an index past the end. */
export async function uploadingChunk(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  index: number,
): Promise<{ row: AttachmentRow; expected: number }> {
  const row = await uploadingRow(core, caller, noteId, attachmentId);
  return { row, expected: chunkBytes(row, index, "#/path/index") };
}

/** The attachment's row, for a writer, while it is still uploading. */
export async function uploadingRow(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
): Promise<AttachmentRow> {
  await requireNoteAccess(core.db, noteId, caller.accountId, "writer");
  const row = await findAttachment(core.db, noteId, attachmentId.toLowerCase());
  if (row.state !== "uploading") throw uploadFinished();
  return row;
}

/** The exact ciphertext bytes of chunk `index` (400 at `pointer` past the last chunk). */
export function chunkBytes(row: AttachmentRow, index: number, pointer: string): number {
  if (index >= row.chunk_count)
    throw invalidRequest([{ pointer, detail: `The upload has chunks 0–${row.chunk_count - 1}.` }]);
  const size = Number(row.size);
  return index < row.chunk_count - 1
    ? row.chunk_size
    : size - row.chunk_size * (row.chunk_count - 1);
}

/** Notes that chunk `index` arrived (`kept`: what its row's `data` holds), unless the upload went or finished meanwhile. */
export async function recordChunk(
  core: Core,
  row: AttachmentRow,
  index: number,
  bytes: number,
  kept: Uint8Array | null,
): Promise<void> {
  const id = row.id;
  await core.db.transaction(async (tx) => {
    const [touched] = await rows<{ state: string }>(
      tx,
      sql`update attachments set touched_at = now() where id = ${id} returning state`,
    );
    if (!touched) {
      // Removed (or its note deleted) while the chunk was on its way: nothing keeps it.
      await forgetChunks(core, [{ id, chunkCount: row.chunk_count, store: row.store }]);
      throw attachmentNotFound();
    }
    if (touched.state !== "uploading") throw uploadFinished();
    await tx.execute(
      sql`insert into attachment_chunks (attachment_id, index, bytes, data)
          values (${id}, ${index}, ${bytes}, ${kept ? Buffer.from(kept) : null})
          on conflict (attachment_id, index)
          do update set bytes = excluded.bytes, data = excluded.data`,
    );
  });
}
