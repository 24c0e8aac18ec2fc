// The account's signing key (docs/client-crypto.md, "Signed content"): Ed25519, its
// 32-byte seed derived from the master key, so every device that holds the master key
// signs with the same key and nothing new is stored wrapped:
//   seed = HKDF(masterKey, "notes/signing-key/v1");  keypair = Ed25519 from seed (RFC 8032)
// Only the public half leaves the device (PUT /v1/keypair/signing-key).
import { assertLength } from "./errors";
import { HKDF_LABELS, hkdfSha256 } from "./hkdf";
import type { Sodium } from "./sodium";

export const SIGNING_PUBLIC_KEY_BYTES = 32;

export interface SigningKeyPair {
  /** Raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
  /** libsodium's 64-byte secret key (seed ‖ public key). */
  secretKey: Uint8Array;
}

export async function deriveSigningKeyPair(
  sodium: Pick<Sodium, "crypto_sign_seed_keypair">,
  masterKey: Uint8Array,
): Promise<SigningKeyPair> {
  assertLength(masterKey, 32, "master key");
  const seed = await hkdfSha256(masterKey, HKDF_LABELS.signingKey);
  const { publicKey, privateKey } = sodium.crypto_sign_seed_keypair(seed);
  return { publicKey, secretKey: privateKey };
}
