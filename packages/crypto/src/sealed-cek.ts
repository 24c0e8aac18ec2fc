// Content-key delivery (§9): wrappedCek = Base64(crypto_box_seal(cek, member publicKey)).
// Anonymous sealed box: anyone can wrap to a member, only that member can open it.
import { fromBase64, toBase64 } from "./base64";
import { assertLength, DecryptionFailed } from "./errors";
import { SHARING_KEY_BYTES, type SharingKeyPair } from "./sharing-keypair";
import type { Sodium } from "./sodium";

export const CEK_BYTES = 32;

export function sealCek(
  sodium: Pick<Sodium, "crypto_box_seal">,
  cek: Uint8Array,
  publicKey: Uint8Array,
): string {
  assertLength(cek, CEK_BYTES, "content key");
  assertLength(publicKey, SHARING_KEY_BYTES, "sharing public key");
  return toBase64(sodium.crypto_box_seal(cek, publicKey));
}

/** Throws DecryptionFailed when the box was sealed to another key or altered. */
export function openSealedCek(
  sodium: Pick<Sodium, "crypto_box_seal_open">,
  wrappedCek: string,
  keyPair: SharingKeyPair,
): Uint8Array {
  assertLength(keyPair.publicKey, SHARING_KEY_BYTES, "sharing public key");
  assertLength(keyPair.privateKey, SHARING_KEY_BYTES, "sharing private key");
  const sealed = fromBase64(wrappedCek);
  let cek: Uint8Array;
  try {
    cek = sodium.crypto_box_seal_open(sealed, keyPair.publicKey, keyPair.privateKey);
  } catch (cause) {
    throw new DecryptionFailed("wrapped content key", { cause });
  }
  assertLength(cek, CEK_BYTES, "content key");
  return cek;
}
