// XChaCha20-Poly1305 IETF framed as §9 byte-level detail 4: nonce24 ‖ ciphertext ‖ tag16,
// Base64 for every stored wrap and envelope, raw bytes for live-room frames (rule 10).
// The one AEAD under every key wrap, note envelope and frame; callers choose the associated data.
import { fromBase64, toBase64 } from "./base64";
import { assertLength, DecryptionFailed } from "./errors";
import type { Sodium } from "./sodium";

export const KEY_BYTES = 32;
export const NONCE_BYTES = 24;
export const TAG_BYTES = 16;

export type AeadSodium = Pick<
  Sodium,
  | "randombytes_buf"
  | "crypto_aead_xchacha20poly1305_ietf_encrypt"
  | "crypto_aead_xchacha20poly1305_ietf_decrypt"
>;

/**
 * A fresh nonce from the platform's CSPRNG in one call (browsers, workers, Node ≥ 19):
 * libsodium's randombytes_buf in WebAssembly asks JavaScript for it four bytes at a
 * time, six round trips per nonce, which showed in profiles of a 10,000-note sync.
 */
function randomNonce(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
}

/** `nonce` exists for known-answer tests; production callers omit it and get a fresh random one. */
export function sealAead(
  sodium: AeadSodium,
  key: Uint8Array,
  plaintext: Uint8Array,
  associatedData: Uint8Array | null,
  nonce?: Uint8Array,
): string {
  return toBase64(sealAeadBytes(sodium, key, plaintext, associatedData, nonce));
}

/** As sealAead, answering the raw framed bytes instead of their Base64. */
export function sealAeadBytes(
  sodium: AeadSodium,
  key: Uint8Array,
  plaintext: Uint8Array,
  associatedData: Uint8Array | null,
  nonce: Uint8Array = randomNonce(),
): Uint8Array {
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
  return framed;
}

export function openAead(
  sodium: AeadSodium,
  key: Uint8Array,
  sealed: string,
  associatedData: Uint8Array | null,
  what: string,
): Uint8Array {
  return openAeadBytes(sodium, key, fromBase64(sealed), associatedData, what);
}

/** As openAead, reading raw framed bytes. Throws DecryptionFailed naming `what`. */
export function openAeadBytes(
  sodium: AeadSodium,
  key: Uint8Array,
  framed: Uint8Array,
  associatedData: Uint8Array | null,
  what: string,
): Uint8Array {
  assertLength(key, KEY_BYTES, "key");
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
