// A bridge transmission body (§9): the padded 1,024-byte plaintext sealed with
// XChaCha20-Poly1305 under the bridge key, no associated data, framed as
// Base64(nonce24 ‖ ciphertext ‖ tag16): always 1,064 bytes.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { padBridgeMessage, unpadBridgeMessage } from "./bridge-padding";

export const BRIDGE_BODY_BYTES = 1_064;

/** `nonce` exists for known-answer tests; production callers omit it. */
export function sealTransmission(
  sodium: AeadSodium,
  bridgeKey: Uint8Array,
  message: Uint8Array,
  nonce?: Uint8Array,
): string {
  return sealAead(sodium, bridgeKey, padBridgeMessage(message), null, nonce);
}

/** Throws DecryptionFailed under the wrong key, InvalidEncoding on bad padding. */
export function openTransmission(
  sodium: AeadSodium,
  bridgeKey: Uint8Array,
  body: string,
): Uint8Array {
  return unpadBridgeMessage(openAead(sodium, bridgeKey, body, null, "bridge transmission"));
}
