// Downloading an attachment (issue 36): the record's key and metadata opened with the
// note's content keys, then each chunk fetched by index and opened with that index
// and the last-chunk flag as associated data, so a chunk swapped in from elsewhere,
// served at another place, or a stream cut short is refused (DecryptionFailed, or
// InvalidAttachment when the shape does not add up). The padding is dropped after
// the file's last byte. Chunks are prefetched a few at a time; the stream is pull-based.
import {
  type AttachmentLayout,
  type AttachmentMetadata,
  fromBase64,
  InvalidAttachment,
  openChunk,
  type Sodium,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { type OpenedAttachment, openAttachmentRecord } from "./attachment-keys";
import { directChunksFor } from "./direct-chunks";
import type { ChunkOpener, TransferOptions } from "./upload";

export async function openAttachment(
  api: ApiClient,
  sodium: Sodium,
  noteId: string,
  contentKeys: readonly Uint8Array[],
  attachmentId: string,
): Promise<OpenedAttachment> {
  const record = await api.call("attachments.get", { id: noteId, attachmentId });
  if (record.id.toLowerCase() !== attachmentId.toLowerCase())
    throw new InvalidAttachment("the server answered another attachment");
  return openAttachmentRecord(sodium, noteId, contentKeys, record);
}

/** The file's bytes as a stream; pulls (and checks) chunks as it is read. */
export function attachmentStream(
  api: ApiClient,
  sodium: Sodium,
  opened: OpenedAttachment,
  options: TransferOptions = {},
): ReadableStream<Uint8Array> {
  const { record } = opened;
  if (record.state === "uploading")
    throw new InvalidAttachment("the attachment is still being uploaded");
  const all = Array.from({ length: opened.layout.chunkCount }, (_, i) => i);
  const direct = directChunksFor(api, record, "download", all, options);
  return checkedChunks(
    sodium,
    { id: record.id, ...opened },
    async (index) =>
      (direct?.usable && (await direct.get(index))) ||
      (
        await api.call("attachments.chunk", {
          id: record.noteId,
          attachmentId: record.id,
          index,
        })
      ).data,
    options,
  );
}

/** What opening chunks takes: the attachment id (in every chunk's AD), its key and layout. */
export interface ChunkedFile {
  id: string;
  fileKey: Uint8Array;
  metadata: AttachmentMetadata;
  layout: AttachmentLayout;
}

/**
 * The file's bytes from `fetchChunk` (the note's chunk route, or a share link's), each
 * chunk opened with its index and the last-chunk flag, its length held to the layout,
 * the padding dropped after the file's last byte.
 */
export function checkedChunks(
  sodium: Sodium,
  file: ChunkedFile,
  fetchChunk: (index: number) => Promise<Uint8Array | string>,
  options: TransferOptions = {},
): ReadableStream<Uint8Array> {
  const { id, layout, fileKey, metadata } = file;
  const ahead = Math.max(1, options.parallel ?? 3);
  const open = options.openChunk ?? openHere(sodium);
  const fetched = new Map<number, Promise<Uint8Array | string>>();
  const prefetch = (index: number) => {
    if (index >= layout.chunkCount || fetched.has(index)) return;
    fetched.set(index, fetchChunk(index));
  };
  let next = 0;
  let done = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      options.signal?.throwIfAborted();
      if (next >= layout.chunkCount) {
        controller.close();
        return;
      }
      for (let i = next; i < next + ahead; i++) prefetch(i);
      const index = next;
      const sealed = await (fetched.get(index) as Promise<Uint8Array | string>);
      fetched.delete(index);
      const last = index === layout.chunkCount - 1;
      const plaintext = await open({ fileKey, attachmentId: id, index, last, sealed });
      const expected = last ? layout.paddedSize - index * layout.chunkBytes : layout.chunkBytes;
      if (plaintext.length !== expected)
        throw new InvalidAttachment(
          `chunk ${index} holds ${plaintext.length} bytes, not ${expected}`,
        );
      const keep = Math.max(
        0,
        Math.min(plaintext.length, metadata.size - index * layout.chunkBytes),
      );
      next++;
      done += keep;
      if (keep > 0) controller.enqueue(plaintext.subarray(0, keep));
      options.onProgress?.({ done, total: metadata.size });
      if (last) controller.close();
    },
    cancel() {
      fetched.clear();
    },
  });
}

/** The opener used when none is given: this thread. */
const openHere =
  (sodium: Sodium): ChunkOpener =>
  async ({ fileKey, attachmentId, index, last, sealed }) =>
    openChunk(
      sodium,
      fileKey,
      attachmentId,
      index,
      last,
      typeof sealed === "string" ? fromBase64(sealed) : sealed,
    );

/** The whole file in memory (small files, images). */
export async function downloadAttachment(
  api: ApiClient,
  sodium: Sodium,
  opened: OpenedAttachment,
  options: TransferOptions = {},
): Promise<Uint8Array> {
  return readWhole(attachmentStream(api, sodium, opened, options), opened.metadata.size);
}

/** A checked stream read into memory; refused when it ends before `size` bytes. */
export async function readWhole(
  stream: ReadableStream<Uint8Array>,
  size: number,
): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let at = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.set(value, at);
    at += value.length;
  }
  if (at !== out.length)
    throw new InvalidAttachment(`the file ended at ${at} of ${out.length} bytes`);
  return out;
}
