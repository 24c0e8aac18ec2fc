// An attachment as the API answers it, the limits on its shape, and the two access
// checks every attachment operation makes (contract.md §4 rules through the SQL
// helper notes_refusal): any live member reads, owners and editors write. A read of a
// deleted note is note-not-found, as GET /v1/notes/{id} answers it.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { noteNotFound, throwIfRefused } from "../notes/refusals";
import { toBase64 } from "../shared/base64";
import { type ChunkStore, postgresChunkStore } from "./chunk-store";

const MiB = 1024 * 1024;

/**
 * The largest single file: 2 GiB of ciphertext (`size`). A request limit, not a
 * storage one: the tier's aggregate ceiling stays the only storage limit (interface §8).
 */
export const MAX_ATTACHMENT_SIZE = 2 * 1024 * MiB;
/** Ciphertext bytes of a chunk: at most 4 MiB of plaintext plus nonce and tag. */
export const MAX_CHUNK_SIZE = 4 * MiB + 40;
/** Sealed metadata (name, type, size, an image's thumbnail). */
export const MAX_METADATA_BYTES = 256 * 1024;

export type AttachmentState = "uploading" | "complete" | "detached";

export interface AttachmentView {
  id: string;
  noteId: string;
  wrappedKey: string;
  metadata: string;
  chunkSize: number;
  chunkCount: number;
  size: number;
  state: AttachmentState;
  createdAt: string;
  completedAt?: string;
  /** Only while uploading: the indices not yet received, ascending. */
  missingChunks?: number[];
  /** Present when chunks may move straight to and from the store (direct-transfer.ts). */
  directTransfer?: true;
}

export interface AttachmentRow {
  id: string;
  note_id: string;
  owner_id: string;
  wrapped_key: Uint8Array;
  metadata: Uint8Array;
  chunk_size: number;
  chunk_count: number;
  size: string | number;
  bytes: string | number;
  state: AttachmentState;
  store: ChunkStore["name"];
  created_at: Date | string;
  completed_at: Date | string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toView(core: Core, row: AttachmentRow, received?: number[]): AttachmentView {
  const view: AttachmentView = {
    id: row.id,
    noteId: row.note_id,
    wrappedKey: toBase64(row.wrapped_key),
    metadata: toBase64(row.metadata),
    chunkSize: row.chunk_size,
    chunkCount: row.chunk_count,
    size: Number(row.size),
    state: row.state,
    createdAt: iso(row.created_at),
  };
  if (row.completed_at) view.completedAt = iso(row.completed_at);
  if (presigningStore(core, row)) view.directTransfer = true;
  if (row.state === "uploading" && received) {
    const have = new Set(received);
    view.missingChunks = Array.from({ length: row.chunk_count }, (_, i) => i).filter(
      (i) => !have.has(i),
    );
  }
  return view;
}

export const attachmentNotFound = (detail = "No such attachment on this note.") =>
  new DomainError("attachment-not-found", detail);

/** Throws unless `accountId` may read (`member`) or write (`writer`) the note; answers its owner. */
export async function requireNoteAccess(
  q: Queryable,
  noteId: string,
  accountId: string,
  need: "member" | "writer",
): Promise<{ ownerId: string }> {
  const [access] = await rows<{ owner_id: string | null; refusal: string | null }>(
    q,
    sql`select n.owner_id, notes_refusal(n.deleted, m.role, ${need}::text) as refusal
        from (select 1) as one
        left join notes n on n.id = ${noteId}
        left join note_members m on m.note_id = ${noteId} and m.account_id = ${accountId}`,
  );
  if (need === "member" && access?.refusal === "note-deleted") throw noteNotFound();
  throwIfRefused(access?.refusal);
  if (!access?.owner_id) throw noteNotFound();
  return { ownerId: access.owner_id };
}

/** The attachment row on this note (locked for update when `lock`), or attachment-not-found. */
export async function findAttachment(
  q: Queryable,
  noteId: string,
  attachmentId: string,
  lock = false,
): Promise<AttachmentRow> {
  const [row] = await rows<AttachmentRow>(
    q,
    sql`select id, note_id, owner_id, wrapped_key, metadata, chunk_size, chunk_count, size,
               bytes, state, store, created_at, completed_at
        from attachments where id = ${attachmentId} and note_id = ${noteId}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw attachmentNotFound();
  return row;
}

export async function receivedChunks(q: Queryable, attachmentId: string): Promise<number[]> {
  const found = await rows<{ index: number }>(
    q,
    sql`select index from attachment_chunks where attachment_id = ${attachmentId} order by index`,
  );
  return found.map((r) => Number(r.index));
}

/** The store chunks are written to now. */
export const currentStore = (core: Core): ChunkStore => core.chunkStore ?? postgresChunkStore;

/** The store that holds a row's chunks (the one that was current when it was made). */
export function storeOf(core: Core, name: ChunkStore["name"]): ChunkStore {
  const store = currentStore(core);
  if (store.name === name) return store;
  if (name === "postgres") return postgresChunkStore;
  throw new Error(`attachment chunks are in ${name}, which is not configured`);
}

/** The row's store when it hands clients presigned URLs, else undefined. */
export function presigningStore(
  core: Core,
  row: Pick<AttachmentRow, "store">,
): Required<Pick<ChunkStore, "presign" | "sizeOf">> | undefined {
  const store = currentStore(core);
  if (store.name !== row.store || !store.presign || !store.sizeOf) return undefined;
  return { presign: store.presign.bind(store), sizeOf: store.sizeOf.bind(store) };
}

/** Lets go of the chunks of deleted attachment rows, logging (never throwing) a failure. */
export async function forgetChunks(
  core: Core,
  gone: readonly { id: string; chunkCount: number; store: ChunkStore["name"] }[],
): Promise<void> {
  const elsewhere = gone.filter((g) => g.store !== "postgres");
  if (elsewhere.length === 0) return;
  try {
    await storeOf(core, "s3").forget(elsewhere);
  } catch (error) {
    core.log.error({ err: error, attachments: elsewhere.length }, "could not delete chunks");
  }
}
