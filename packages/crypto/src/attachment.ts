// Attachments (docs/client-crypto.md, "Attachments"): each file has its own 32-byte
// key, wrapped under the note's content key with the note and attachment ids as
// associated data (so a file key moved to another note, or to another file, does not
// open; rotation re-wraps it and never re-encrypts the bytes). The file's bytes,
// Padmé-padded, are cut into chunks of `chunkBytes` and each is sealed on its own
// with the attachment id, its index and a last-chunk flag as associated data: a
// server that reorders, swaps, drops or truncates chunks is refused. Name, type and
// size travel in sealed metadata under the file key.
import {
  KEY_BYTES,
  NONCE_BYTES,
  openAead,
  openAeadBytes,
  sealAead,
  sealAeadBytes,
  TAG_BYTES,
} from "./aead";
import { padMetadata, padmeLength, unpadMetadata } from "./attachment-padding";
import { concatBytes } from "./concat-bytes";
import { assertLength, InvalidAttachment } from "./errors";
import type { Sodium } from "./sodium";
import { utf8Decode, utf8Encode } from "./utf8";
import { uuidToBytes } from "./uuid-bytes";

type AeadSodium = Parameters<typeof sealAead>[0];

export const ATTACHMENT_LABELS = {
  key: "notes/attachment-key/v1",
  metadata: "notes/attachment-meta/v1",
  chunk: "notes/attachment-chunk/v1",
} as const;

/** Bytes a sealed chunk adds to its plaintext: the nonce and the tag. */
export const CHUNK_OVERHEAD = NONCE_BYTES + TAG_BYTES;
/** The chunk size this client writes: 1 MiB of plaintext. Readers take 4 KiB … 4 MiB. */
export const DEFAULT_CHUNK_BYTES = 1 << 20;
export const MIN_CHUNK_BYTES = 1 << 12;
export const MAX_CHUNK_BYTES = 1 << 22;

export interface AttachmentMetadata {
  name: string;
  /** A media type as the device saw it ("" when unknown). */
  type: string;
  /** The file's length in bytes, before padding. */
  size: number;
  /** Plaintext bytes in every chunk but the last: a power of two, 4 KiB … 4 MiB. */
  chunkBytes: number;
  /** An image's preview made on the device: a `data:image/…;base64,` URL. */
  thumbnail?: string;
  width?: number;
  height?: number;
}

/** How a file of `size` bytes is laid out: padded length, chunks, and ciphertext bytes. */
export interface AttachmentLayout {
  paddedSize: number;
  chunkBytes: number;
  chunkCount: number;
  /** Ciphertext bytes of every chunk but the last. */
  sealedChunkBytes: number;
  /** Ciphertext bytes of all chunks: what the server stores. */
  sealedSize: number;
}

export function attachmentLayout(size: number, chunkBytes = DEFAULT_CHUNK_BYTES): AttachmentLayout {
  assertChunkBytes(chunkBytes);
  const paddedSize = padmeLength(size);
  const chunkCount = Math.max(1, Math.ceil(paddedSize / chunkBytes));
  return {
    paddedSize,
    chunkBytes,
    chunkCount,
    sealedChunkBytes: chunkBytes + CHUNK_OVERHEAD,
    sealedSize: paddedSize + chunkCount * CHUNK_OVERHEAD,
  };
}

function assertChunkBytes(chunkBytes: number): void {
  if (
    !Number.isInteger(chunkBytes) ||
    chunkBytes < MIN_CHUNK_BYTES ||
    chunkBytes > MAX_CHUNK_BYTES ||
    (chunkBytes & (chunkBytes - 1)) !== 0
  )
    throw new InvalidAttachment(`chunk size ${chunkBytes} is not a power of two in 4 KiB … 4 MiB`);
}

/** A fresh 32-byte file key. */
export function generateFileKey(sodium: Pick<Sodium, "randombytes_buf">): Uint8Array {
  return sodium.randombytes_buf(KEY_BYTES);
}

export function fileKeyAssociatedData(noteId: string, attachmentId: string): Uint8Array {
  return concatBytes([
    utf8Encode(ATTACHMENT_LABELS.key),
    uuidToBytes(noteId),
    uuidToBytes(attachmentId),
  ]);
}

/** Base64(nonce ‖ ciphertext ‖ tag) of the file key under the note's content key. */
export function wrapFileKey(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  attachmentId: string,
  fileKey: Uint8Array,
  nonce?: Uint8Array,
): string {
  assertLength(fileKey, KEY_BYTES, "file key");
  return sealAead(sodium, contentKey, fileKey, fileKeyAssociatedData(noteId, attachmentId), nonce);
}

/** Throws DecryptionFailed for a wrong content key, another note or another attachment. */
export function unwrapFileKey(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  noteId: string,
  attachmentId: string,
  wrapped: string,
): Uint8Array {
  const key = openAead(
    sodium,
    contentKey,
    wrapped,
    fileKeyAssociatedData(noteId, attachmentId),
    "attachment key",
  );
  assertLength(key, KEY_BYTES, "file key");
  return key;
}

export function metadataAssociatedData(attachmentId: string): Uint8Array {
  return concatBytes([utf8Encode(ATTACHMENT_LABELS.metadata), uuidToBytes(attachmentId)]);
}

/** The metadata's JSON, members in a fixed order, optional ones only when set. */
export function encodeAttachmentMetadata(metadata: AttachmentMetadata): Uint8Array {
  const out: Record<string, unknown> = {
    name: metadata.name,
    type: metadata.type,
    size: metadata.size,
    chunkBytes: metadata.chunkBytes,
  };
  if (metadata.thumbnail !== undefined) out.thumbnail = metadata.thumbnail;
  if (metadata.width !== undefined) out.width = metadata.width;
  if (metadata.height !== undefined) out.height = metadata.height;
  return utf8Encode(JSON.stringify(out));
}

export function sealAttachmentMetadata(
  sodium: AeadSodium,
  fileKey: Uint8Array,
  attachmentId: string,
  metadata: AttachmentMetadata,
  nonce?: Uint8Array,
): string {
  attachmentLayout(metadata.size, metadata.chunkBytes);
  const padded = padMetadata(encodeAttachmentMetadata(metadata));
  return sealAead(sodium, fileKey, padded, metadataAssociatedData(attachmentId), nonce);
}

/** Opens and checks the metadata; unknown members are ignored. */
export function openAttachmentMetadata(
  sodium: AeadSodium,
  fileKey: Uint8Array,
  attachmentId: string,
  sealed: string,
): AttachmentMetadata {
  const padded = openAead(
    sodium,
    fileKey,
    sealed,
    metadataAssociatedData(attachmentId),
    "attachment metadata",
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(unpadMetadata(padded)));
  } catch (cause) {
    if (cause instanceof InvalidAttachment) throw cause;
    throw new InvalidAttachment("attachment metadata is not JSON", { cause });
  }
  const m = parsed as Record<string, unknown>;
  if (
    typeof m !== "object" ||
    m === null ||
    typeof m.name !== "string" ||
    typeof m.type !== "string" ||
    typeof m.size !== "number" ||
    typeof m.chunkBytes !== "number"
  )
    throw new InvalidAttachment("attachment metadata lacks name, type, size or chunkBytes");
  attachmentLayout(m.size, m.chunkBytes);
  const out: AttachmentMetadata = {
    name: m.name,
    type: m.type,
    size: m.size,
    chunkBytes: m.chunkBytes,
  };
  if (typeof m.thumbnail === "string" && m.thumbnail.startsWith("data:image/"))
    out.thumbnail = m.thumbnail;
  if (typeof m.width === "number") out.width = m.width;
  if (typeof m.height === "number") out.height = m.height;
  return out;
}

export function chunkAssociatedData(
  attachmentId: string,
  index: number,
  last: boolean,
): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff)
    throw new InvalidAttachment(`chunk index ${index} is out of range`);
  const tail = new Uint8Array(5);
  new DataView(tail.buffer).setUint32(0, index, false);
  tail[4] = last ? 1 : 0;
  return concatBytes([utf8Encode(ATTACHMENT_LABELS.chunk), uuidToBytes(attachmentId), tail]);
}

/** Raw nonce ‖ ciphertext ‖ tag of one chunk. */
export function sealChunk(
  sodium: AeadSodium,
  fileKey: Uint8Array,
  attachmentId: string,
  index: number,
  last: boolean,
  plaintext: Uint8Array,
  nonce?: Uint8Array,
): Uint8Array {
  return sealAeadBytes(
    sodium,
    fileKey,
    plaintext,
    chunkAssociatedData(attachmentId, index, last),
    nonce,
  );
}

/** Throws DecryptionFailed when the chunk is not this file's chunk `index` (with that last flag). */
export function openChunk(
  sodium: AeadSodium,
  fileKey: Uint8Array,
  attachmentId: string,
  index: number,
  last: boolean,
  sealed: Uint8Array,
): Uint8Array {
  return openAeadBytes(
    sodium,
    fileKey,
    sealed,
    chunkAssociatedData(attachmentId, index, last),
    `attachment chunk ${index}`,
  );
}
