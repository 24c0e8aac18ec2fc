// An account's fingerprint (docs/client-crypto.md, "Fingerprints and safety numbers"):
// 30 decimal digits that stand for one account's public keys, the half of a safety
// number that account contributes. It is Signal's NumericFingerprint over this scheme's
// inputs, where `keys` is the raw 32-byte X25519 sharing key, followed (version 1) by the
// raw 32-byte Ed25519 signing key when the account has published one (version 0 without):
//   h = version (2 bytes, big-endian) ‖ keys ‖ userId (UTF-8, lower-case hyphenated
//       uuid);  5,200 times: h = SHA-512(h ‖ keys)
//   digits = for each 5-byte chunk of h[0..30]: big-endian integer mod 100,000, as 5 digits
// The user id is in the hash so that one key cannot pass for another account's; the
// iterations make finding a key with a chosen fingerprint expensive.
import { concatBytes } from "./concat-bytes";
import { assertLength, InvalidUserId } from "./errors";
import { HYPHENATED_UUID } from "./note-id";
import { SHARING_KEY_BYTES } from "./sharing-keypair";
import { SIGNING_PUBLIC_KEY_BYTES } from "./signing-keypair";
import type { Sodium } from "./sodium";
import { utf8Encode } from "./utf8";

/** Version 0 covers the sharing key alone; version 1 the sharing and signing keys. */
export const FINGERPRINT_VERSIONS = { sharingKey: 0, sharingAndSigningKeys: 1 } as const;
export const FINGERPRINT_ITERATIONS = 5200;
export const FINGERPRINT_DIGITS = 30;

/** Who holds which sharing key: the pair a fingerprint and a safety number stand for. */
export interface AccountKey {
  userId: string;
  /** Raw 32-byte X25519 sharing public key. */
  publicKey: Uint8Array;
  /** Raw 32-byte Ed25519 signing public key, once the account has published one. */
  signingPublicKey?: Uint8Array | undefined;
}

export function accountFingerprint(
  sodium: Pick<Sodium, "crypto_hash">,
  account: AccountKey,
): string {
  assertLength(account.publicKey, SHARING_KEY_BYTES, "sharing public key");
  const userId = account.userId.toLowerCase();
  if (!HYPHENATED_UUID.test(userId)) throw new InvalidUserId(`not a user id: ${userId}`);
  const signing = account.signingPublicKey;
  if (signing) assertLength(signing, SIGNING_PUBLIC_KEY_BYTES, "signing public key");
  const version = signing
    ? FINGERPRINT_VERSIONS.sharingAndSigningKeys
    : FINGERPRINT_VERSIONS.sharingKey;
  const key = signing ? concatBytes([account.publicKey, signing]) : account.publicKey;
  let hash = concatBytes([Uint8Array.of(version >> 8, version & 0xff), key, utf8Encode(userId)]);
  for (let i = 0; i < FINGERPRINT_ITERATIONS; i++)
    hash = sodium.crypto_hash(concatBytes([hash, key]));
  let digits = "";
  for (let at = 0; at < FINGERPRINT_DIGITS; at += 5) {
    let chunk = 0;
    // 40 bits: exact in a double (integers up to 2^53).
    for (let i = 0; i < 5; i++) chunk = chunk * 256 + (hash[at + i] ?? 0);
    digits += (chunk % 100_000).toString().padStart(5, "0");
  }
  return digits;
}

/** "12345 67890 …": digits in groups of five, the way people read them aloud. */
export function groupDigits(digits: string): string {
  return digits.match(/.{1,5}/g)?.join(" ") ?? "";
}
