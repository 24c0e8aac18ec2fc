// The X25519 sharing keypair (§9): raw 32-byte public and secret keys from
// crypto_box_keypair. The secret key is stored only as wrapKey(masterKey, privateKey).
import { assertLength } from "./errors";
import type { Sodium } from "./sodium";

export const SHARING_KEY_BYTES = 32;

export interface SharingKeyPair {
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

export function generateSharingKeyPair(sodium: Pick<Sodium, "crypto_box_keypair">): SharingKeyPair {
  const { publicKey, privateKey } = sodium.crypto_box_keypair();
  return { publicKey, privateKey };
}

/** Recomputes the public key after unwrapping a private key (X25519 base-point multiplication). */
export function sharingPublicKey(
  sodium: Pick<Sodium, "crypto_scalarmult_base">,
  privateKey: Uint8Array,
): Uint8Array {
  assertLength(privateKey, SHARING_KEY_BYTES, "sharing private key");
  return sodium.crypto_scalarmult_base(privateKey);
}
