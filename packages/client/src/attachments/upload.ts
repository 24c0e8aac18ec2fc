// Uploading a file to a note (issue 36; docs/client-crypto.md, "Attachments"): a fresh
// file key wrapped under the note's content key, sealed metadata, then the padded bytes
// sealed chunk by chunk and put by index, a few at a time, then finish. Progress is
// reported in plaintext bytes; an AbortSignal cancels between chunks and leaves the
// upload where it stopped, so resumeUpload (or a later run, given the same file)
// sends only the chunks the server says are missing.
import {
  type AttachmentMetadata,
  attachmentLayout,
  DEFAULT_CHUNK_BYTES,
  fromBase64,
  generateFileKey,
  InvalidAttachment,
  type Sodium,
  sealAttachmentMetadata,
  sealChunk,
  toBase64,
  wrapFileKey,
} from "@notes/crypto";
import type { ApiClient, FetchLike } from "../api/client";
import {
  type AttachmentRecord,
  type OpenedAttachment,
  openAttachmentRecord,
} from "./attachment-keys";
import { directChunksFor } from "./direct-chunks";
import { type FileSource, readChunks } from "./file-source";

export interface TransferProgress {
  /** Plaintext bytes done (sent, or received and checked). */
  done: number;
  /** The file's plaintext bytes. */
  total: number;
}

export interface TransferOptions {
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
  /** Chunks in flight at once (default 3). */
  parallel?: number;
  /**
   * Seals one chunk and answers it as `as` asks (Base64 for the chunk route, bytes for
   * the object store), as `sealChunk` and `toBase64` here would: a browser passes one
   * that runs in a worker, so a large upload does not hold its main thread (a 1 MiB
   * chunk is tens of milliseconds of sealing and Base64). Either form is accepted back.
   */
  sealChunk?: ChunkSealer;
  /**
   * Opens one downloaded chunk (Base64 from the chunk route, bytes from the object
   * store), as `fromBase64` and `openChunk` here would, throwing as they do: a browser
   * passes one that runs in a worker, so a large download does not hold its main thread.
   */
  openChunk?: ChunkOpener;
  /**
   * Straight to and from the object store when the attachment offers it
   * (`directTransfer`; default true). False: every chunk through the app.
   */
  direct?: boolean;
  /** How the object store is reached (default the global fetch); never sent credentials. */
  fetchStore?: FetchLike;
}

export type ChunkSealer = (chunk: {
  fileKey: Uint8Array;
  attachmentId: string;
  index: number;
  last: boolean;
  plaintext: Uint8Array;
  /** The form wanted back; absent: Base64. */
  as?: "base64" | "bytes";
}) => Promise<string | Uint8Array>;

export type ChunkOpener = (chunk: {
  fileKey: Uint8Array;
  attachmentId: string;
  index: number;
  last: boolean;
  sealed: string | Uint8Array;
}) => Promise<Uint8Array>;

export interface NewFile {
  name: string;
  type: string;
  /** An image's preview made on the device (a data: URL), with its size. */
  thumbnail?: string;
  width?: number;
  height?: number;
}

export interface UploadOptions extends TransferOptions {
  /** Chosen by the caller to resume across reloads; default a fresh uuid. */
  attachmentId?: string;
  /** Plaintext bytes a chunk (a power of two, 4 KiB … 4 MiB); default 1 MiB. */
  chunkBytes?: number;
  /** Called once the server holds the attachment's record, before any chunk is sent. */
  onCreated?: (record: AttachmentRecord) => void;
}

export async function uploadAttachment(
  api: ApiClient,
  sodium: Sodium,
  noteId: string,
  contentKey: Uint8Array,
  source: FileSource,
  file: NewFile,
  options: UploadOptions = {},
): Promise<OpenedAttachment> {
  const attachmentId = (options.attachmentId ?? globalThis.crypto.randomUUID()).toLowerCase();
  const metadata: AttachmentMetadata = {
    name: file.name,
    type: file.type,
    size: source.size,
    chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    ...(file.thumbnail !== undefined && { thumbnail: file.thumbnail }),
    ...(file.width !== undefined && { width: file.width }),
    ...(file.height !== undefined && { height: file.height }),
  };
  const layout = attachmentLayout(metadata.size, metadata.chunkBytes);
  const fileKey = generateFileKey(sodium);
  options.signal?.throwIfAborted();
  const record = await api.call("attachments.create", {
    id: noteId,
    attachmentId,
    wrappedKey: wrapFileKey(sodium, contentKey, noteId, attachmentId, fileKey),
    metadata: sealAttachmentMetadata(sodium, fileKey, attachmentId, metadata),
    chunkSize: layout.sealedChunkBytes,
    size: layout.sealedSize,
  });
  options.onCreated?.(record);
  const opened = openAttachmentRecord(sodium, noteId, [contentKey], record);
  return sendMissing(api, sodium, opened, source, options);
}

/** Continues an upload from the chunks the server says are missing; the same file must be given. */
export async function resumeUpload(
  api: ApiClient,
  sodium: Sodium,
  noteId: string,
  contentKeys: readonly Uint8Array[],
  attachmentId: string,
  source: FileSource,
  options: TransferOptions = {},
): Promise<OpenedAttachment> {
  const record = await api.call("attachments.get", { id: noteId, attachmentId });
  const opened = openAttachmentRecord(sodium, noteId, contentKeys, record);
  if (opened.metadata.size !== source.size)
    throw new InvalidAttachment(
      `the file given is ${source.size} bytes, the upload is of ${opened.metadata.size}`,
    );
  return sendMissing(api, sodium, opened, source, options);
}

async function sendMissing(
  api: ApiClient,
  sodium: Sodium,
  opened: OpenedAttachment,
  source: FileSource,
  options: TransferOptions,
): Promise<OpenedAttachment> {
  const { record, layout, fileKey } = opened;
  const noteId = record.noteId;
  const total = opened.metadata.size;
  if (record.state !== "uploading") return opened;
  const missing = new Set(record.missingChunks ?? []);
  const plainBytes = (index: number) =>
    Math.max(0, Math.min(total, (index + 1) * layout.chunkBytes) - index * layout.chunkBytes);
  let done = 0;
  for (let i = 0; i < layout.chunkCount; i++) if (!missing.has(i)) done += plainBytes(i);
  options.onProgress?.({ done, total });

  const seal = options.sealChunk ?? sealHere(sodium);
  const upcoming = [...missing].sort((a, b) => a - b);
  const direct = directChunksFor(api, record, "upload", upcoming, options);
  const send = async (index: number, sealed: string | Uint8Array) => {
    if (direct?.usable && (await direct.put(index, asBytes(sealed)))) return;
    await api.call("attachments.putChunk", {
      id: noteId,
      attachmentId: record.id,
      index,
      data: typeof sealed === "string" ? sealed : toBase64(sealed),
    });
  };
  const inFlight = new Set<Promise<void>>();
  const limit = Math.max(1, options.parallel ?? 3);
  let failure: unknown;
  for await (const { index, plaintext } of readChunks(source, layout, missing)) {
    options.signal?.throwIfAborted();
    if (failure) break;
    const last = index === layout.chunkCount - 1;
    const as = direct?.usable ? "bytes" : "base64";
    const put = seal({ fileKey, attachmentId: record.id, index, last, plaintext, as })
      .then((sealed) => send(index, sealed))
      .then(() => {
        done += plainBytes(index);
        options.onProgress?.({ done, total });
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(put));
    inFlight.add(put);
    if (inFlight.size >= limit) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  options.signal?.throwIfAborted();
  const finished = await api.call("attachments.finish", { id: noteId, attachmentId: record.id });
  return { ...opened, record: finished };
}

/** The sealer used when none is given: this thread, as the chunk is read. */
const sealHere =
  (sodium: Sodium): ChunkSealer =>
  async ({ fileKey, attachmentId, index, last, plaintext, as }) => {
    const sealed = sealChunk(sodium, fileKey, attachmentId, index, last, plaintext);
    return as === "bytes" ? sealed : toBase64(sealed);
  };

const asBytes = (sealed: string | Uint8Array) =>
  typeof sealed === "string" ? fromBase64(sealed) : sealed;
