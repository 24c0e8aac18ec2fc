// Padding of attachment bytes and metadata (docs/client-crypto.md, "Attachments"):
// the server sees only ciphertext lengths, so the file's length is rounded up with
// Padmé (Nikitin et al., PETS 2019: at most 12% overhead, and a length leaks only
// O(log log L) bits), and the metadata JSON is padded to a multiple of 256 bytes
// (ISO/IEC 7816-4: 0x80 then zeros) so a file name's length does not show.
import { InvalidAttachment } from "./errors";

/** Padmé: the length `length` is stored as, 0 and 1 unchanged. Safe for any safe integer. */
export function padmeLength(length: number): number {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new InvalidAttachment(`not a length: ${length}`);
  if (length < 2) return length;
  const e = Math.floor(Math.log2(length));
  const s = Math.floor(Math.log2(e)) + 1;
  const step = 2 ** (e - s);
  return Math.ceil(length / step) * step;
}

export const METADATA_PAD_BLOCK = 256;

/** ISO/IEC 7816-4 padding to the next multiple of 256 bytes (always at least one byte added). */
export function padMetadata(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(
    Math.ceil((bytes.length + 1) / METADATA_PAD_BLOCK) * METADATA_PAD_BLOCK,
  );
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  return padded;
}

/** Strips 7816-4 padding; throws InvalidAttachment when the padding is not well formed. */
export function unpadMetadata(padded: Uint8Array): Uint8Array {
  if (padded.length === 0 || padded.length % METADATA_PAD_BLOCK !== 0)
    throw new InvalidAttachment("attachment metadata is not padded to 256-byte blocks");
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x80)
    throw new InvalidAttachment("attachment metadata padding is malformed");
  return padded.subarray(0, end);
}
