// Chunks straight between clients and an object store (issue 36): when the store
// presigns, a writer asks for PUT URLs of an upload's chunks, sends the ciphertext
// there, and tells the server each chunk is stored (checked by its size in the store);
// a member asks for GET URLs of chunks that arrived. The app then never carries the
// bytes, which also keeps serverless route handlers under their body limits. The
// store only ever sees ciphertext; a URL expires after PRESIGN_SECONDS.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError, invalidRequest } from "../errors";
import type { Caller } from "../types";
import {
  type AttachmentRow,
  attachmentNotFound,
  findAttachment,
  presigningStore,
  requireNoteAccess,
} from "./attachment-record";
import type { PresignedRequest } from "./chunk-store";
import { chunkBytes, recordChunk, uploadingChunk, uploadingRow } from "./put-chunk";

/** How long a presigned URL is good for. */
export const PRESIGN_SECONDS = 15 * 60;
/** Chunks one request may ask URLs for. */
export const MAX_PRESIGNED_CHUNKS = 64;

export interface PresignedChunk extends PresignedRequest {
  index: number;
  method: "PUT" | "GET";
}

export interface PresignedChunks {
  expiresAt: string;
  chunks: PresignedChunk[];
}

const noDirectTransfer = () =>
  new DomainError(
    "direct-transfer-unavailable",
    "This attachment's chunks are kept by the server: send and read them through the chunk routes.",
  );

export async function presignChunks(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  direction: "upload" | "download",
  indices: readonly number[],
): Promise<PresignedChunks> {
  const expiresAt = new Date(Date.now() + PRESIGN_SECONDS * 1000).toISOString();
  if (direction === "upload") {
    const row = await uploadingRow(core, caller, noteId, attachmentId);
    const lengths = indices.map((index, at) => chunkBytes(row, index, `/indices/${at}`));
    const store = requirePresigning(core, row);
    const chunks = await Promise.all(
      indices.map(async (index, at) => ({
        index,
        method: "PUT" as const,
        ...(await store.presign(
          { attachmentId: row.id, index },
          { method: "PUT", contentLength: lengths[at] as number },
          PRESIGN_SECONDS,
        )),
      })),
    );
    return { expiresAt, chunks };
  }
  await requireNoteAccess(core.db, noteId, caller.accountId, "member");
  const row = await findAttachment(core.db, noteId, attachmentId.toLowerCase());
  const store = requirePresigning(core, row);
  const arrived = new Set(
    (
      await rows<{ index: number }>(
        core.db,
        sql`select index from attachment_chunks
            where attachment_id = ${row.id} and index = any(string_to_array(${indices.join(",")}, ',')::int[])`,
      )
    ).map((r) => Number(r.index)),
  );
  const missing = indices.find((index) => !arrived.has(index));
  if (missing !== undefined)
    throw attachmentNotFound(`Chunk ${missing} of this attachment has not arrived.`);
  const chunks = await Promise.all(
    indices.map(async (index) => ({
      index,
      method: "GET" as const,
      ...(await store.presign({ attachmentId: row.id, index }, { method: "GET" }, PRESIGN_SECONDS)),
    })),
  );
  return { expiresAt, chunks };
}

/** A chunk sent to its presigned URL is recorded once the store holds exactly its bytes. */
export async function confirmStoredChunk(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
  index: number,
): Promise<void> {
  const { row, expected } = await uploadingChunk(core, caller, noteId, attachmentId, index);
  const store = requirePresigning(core, row);
  const held = await store.sizeOf({ attachmentId: row.id, index });
  if (held === null)
    throw new DomainError(
      "attachment-state",
      `Chunk ${index} is not in the store: send it to its presigned URL first.`,
    );
  if (held !== expected)
    throw invalidRequest([
      {
        pointer: "#/path/index",
        detail: `The store holds ${held} bytes for chunk ${index}; it must be exactly ${expected}.`,
      },
    ]);
  await recordChunk(core, row, index, expected, null);
}

function requirePresigning(core: Core, row: AttachmentRow) {
  const store = presigningStore(core, row);
  if (!store) throw noDirectTransfer();
  return store;
}
