// Key wrapping (§9): master key under the password/recovery/passkey wrap key, private
// key and legacy CEKs under the master key. XChaCha20-Poly1305, no associated data.
import { openAead, sealAead } from "./aead";
import type { Sodium } from "./sodium";

type WrapSodium = Parameters<typeof sealAead>[0];

/** Returns Base64(nonce ‖ ciphertext ‖ tag). Pass `nonce` only in known-answer tests. */
export function wrapKey(
  sodium: WrapSodium,
  key: Uint8Array,
  plaintext: Uint8Array,
  nonce?: Uint8Array,
): string {
  return sealAead(sodium, key, plaintext, null, nonce);
}

/** Throws DecryptionFailed when `key` is wrong or `wrapped` was altered. */
export function unwrapKey(sodium: WrapSodium, key: Uint8Array, wrapped: string): Uint8Array {
  return openAead(sodium, key, wrapped, null, "wrapped key");
}

/** A fresh 32-byte symmetric key: a master key or a note content key (CEK). */
export function generateKey(sodium: Pick<Sodium, "randombytes_buf">): Uint8Array {
  return sodium.randombytes_buf(32);
}
