// Note envelopes (§9): snapshot, each update and metadata are sealed under the note's
// content key (or, for legacy notes without wrappedCek, the master key) with the note
// id as associated data, so an envelope cannot be replayed into another note.
import { openAead, sealAead } from "./aead";
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
