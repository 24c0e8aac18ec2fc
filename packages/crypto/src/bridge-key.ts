// The bridge key of an epoch: 32 random bytes named by their epochId fingerprint
// (§9 rule 6), delivered to each member as crypto_box_seal(key, publicKey), the
// same sealed box as a note's content key. Opening checks the fingerprint, so a
// wrap filed under the wrong epoch is refused rather than used.

import { deriveEpochId } from "./epoch-id";
import { DecryptionFailed } from "./errors";
import { openSealedCek, sealCek } from "./sealed-cek";
import type { SharingKeyPair } from "./sharing-keypair";
import type { Sodium } from "./sodium";

export interface BridgeKey {
  key: Uint8Array;
  epochId: string;
}

export function generateBridgeKey(
  sodium: Pick<Sodium, "randombytes_buf" | "crypto_generichash">,
): BridgeKey {
  const key = sodium.randombytes_buf(32);
  return { key, epochId: deriveEpochId(sodium, key) };
}

export function sealBridgeKey(
  sodium: Pick<Sodium, "crypto_box_seal">,
  key: Uint8Array,
  publicKey: Uint8Array,
): string {
  return sealCek(sodium, key, publicKey);
}

export function openBridgeKey(
  sodium: Pick<Sodium, "crypto_box_seal_open" | "crypto_generichash">,
  wrappedKey: string,
  epochId: string,
  keyPair: SharingKeyPair,
): Uint8Array {
  const key = openSealedCek(sodium, wrappedKey, keyPair);
  if (deriveEpochId(sodium, key) !== epochId)
    throw new DecryptionFailed(`bridge key (fingerprint is not ${epochId})`);
  return key;
}
