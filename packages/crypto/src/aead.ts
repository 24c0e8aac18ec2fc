// XChaCha20-Poly1305 IETF framed as §9 byte-level detail 4: Base64(nonce24 ‖ ciphertext ‖ tag16).
// The one AEAD under every key wrap and note envelope; callers choose the associated data.
import { fromBase64, toBase64 } from "./base64";
import { assertLength, DecryptionFailed } from "./errors";
import type { Sodium } from "./sodium";

export const KEY_BYTES = 32;
export const NONCE_BYTES = 24;
export const TAG_BYTES = 16;

type AeadSodium = Pick<
  Sodium,
  | "randombytes_buf"
  | "crypto_aead_xchacha20poly1305_ietf_encrypt"
  | "crypto_aead_xchacha20poly1305_ietf_decrypt"
>;

/** `nonce` exists for known-answer tests; production callers omit it and get a fresh random one. */
export function sealAead(
  sodium: AeadSodium,
  key: Uint8Array,
  plaintext: Uint8Array,
  associatedData: Uint8Array | null,
  nonce: Uint8Array = sodium.randombytes_buf(NONCE_BYTES),
): string {
  assertLength(key, KEY_BYTES, "key");
  assertLength(nonce, NONCE_BYTES, "nonce");
  const ciphertext = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
    plaintext,
    associatedData,
    null,
    nonce,
    key,
  );
  const framed = new Uint8Array(NONCE_BYTES + ciphertext.length);
  framed.set(nonce);
  framed.set(ciphertext, NONCE_BYTES);
  return toBase64(framed);
}

export function openAead(
  sodium: AeadSodium,
  key: Uint8Array,
  sealed: string,
  associatedData: Uint8Array | null,
  what: string,
): Uint8Array {
  assertLength(key, KEY_BYTES, "key");
  const framed = fromBase64(sealed);
  if (framed.length < NONCE_BYTES + TAG_BYTES) throw new DecryptionFailed(`${what} (too short)`);
  try {
    return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
      null,
      framed.subarray(NONCE_BYTES),
      associatedData,
      framed.subarray(0, NONCE_BYTES),
      key,
    );
  } catch (cause) {
    throw new DecryptionFailed(what, { cause });
  }
}
