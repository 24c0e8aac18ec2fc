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
  const id = attachmentId.toLowerCase();
  await requireNoteAccess(core.db, noteId, caller.accountId, "writer");
  const row = await findAttachment(core.db, noteId, id);
  if (row.state !== "uploading") throw uploadFinished();
  if (index >= row.chunk_count)
    throw invalidRequest([
      { pointer: "#/path/index", detail: `The upload has chunks 0–${row.chunk_count - 1}.` },
    ]);
  const size = Number(row.size);
  const expected =
    index < row.chunk_count - 1 ? row.chunk_size : size - row.chunk_size * (row.chunk_count - 1);
  if (data.byteLength !== expected)
    throw invalidRequest([
      { pointer: "/data", detail: `Chunk ${index} must be exactly ${expected} bytes.` },
    ]);
  const store = storeOf(core, row.store);
  const kept = await store.write({ attachmentId: id, index }, data);
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
          values (${id}, ${index}, ${expected}, ${kept ? Buffer.from(kept) : null})
          on conflict (attachment_id, index)
          do update set bytes = excluded.bytes, data = excluded.data`,
    );
  });
}
