// epochId (§9 byte-level detail 6): a short public fingerprint naming which key sealed
// something: url-safe unpadded Base64 of the first 16 bytes of BLAKE2b-256(key).
import { toBase64Url } from "./base64";
import { assertLength } from "./errors";
import type { Sodium } from "./sodium";

export function deriveEpochId(sodium: Pick<Sodium, "crypto_generichash">, key: Uint8Array): string {
  assertLength(key, 32, "key");
  return toBase64Url(sodium.crypto_generichash(32, key, null).subarray(0, 16));
}
