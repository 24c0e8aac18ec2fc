// Note envelopes (§9): snapshot, each update and metadata are sealed under the note's
// content key (or, for legacy notes without wrappedCek, the master key) with the note
// id as associated data, so an envelope cannot be replayed into another note.
import { openAead, openAeadBytes, sealAead, sealAeadBytes } from "./aead";
import { noteAssociatedData } from "./note-id";

type EnvelopeSodium = Parameters<typeof sealAead>[0];

/** Returns Base64(nonce ‖ ciphertext ‖ tag). Pass `nonce` only in known-answer tests. */
export function sealEnvelope(
  sodium: EnvelopeSodium,
  contentKey: Uint8Array,
  noteId: string,
  plaintext: Uint8Array,
  nonce?: Uint8Array,
): string {
  return sealAead(sodium, contentKey, plaintext, noteAssociatedData(noteId), nonce);
}

/** Throws DecryptionFailed for a wrong key, a different note id, or altered bytes. */
export function openEnvelope(
  sodium: EnvelopeSodium,
  contentKey: Uint8Array,
  noteId: string,
  envelope: string,
): Uint8Array {
  return openAead(sodium, contentKey, envelope, noteAssociatedData(noteId), "note envelope");
}

/**
 * As sealEnvelope, answering the raw framed bytes: for a blob kept as bytes (an upload
 * of 100 MB kept for resuming), where Base64 would add a third and a pass over it.
 */
export function sealEnvelopeBytes(
  sodium: EnvelopeSodium,
  contentKey: Uint8Array,
  noteId: string,
  plaintext: Uint8Array,
): Uint8Array {
  return sealAeadBytes(sodium, contentKey, plaintext, noteAssociatedData(noteId));
}

/** As openEnvelope, reading raw framed bytes. */
export function openEnvelopeBytes(
  sodium: EnvelopeSodium,
  contentKey: Uint8Array,
  noteId: string,
  framed: Uint8Array,
): Uint8Array {
  return openAeadBytes(sodium, contentKey, framed, noteAssociatedData(noteId), "note envelope");
}
