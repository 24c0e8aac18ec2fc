// The device-link QR secret and the claimer's proof (contract.md §9): the QR code
// carries {linkId, secret}; the new device proves it read the code with
// claimerProof = HMAC-SHA256(secret, claimerPubKey), which the sealing device checks
// before it seals anything. The server never sees the secret.
import { InvalidLength } from "./errors";

export const LINK_SECRET_BYTES = 16;

export function generateLinkSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(LINK_SECRET_BYTES));
}

async function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  if (secret.length !== LINK_SECRET_BYTES) {
    throw new InvalidLength("link secret", LINK_SECRET_BYTES, secret.length);
  }
  return crypto.subtle.importKey(
    "raw",
    new Uint8Array(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export async function claimerProof(
  secret: Uint8Array,
  claimerPubKey: Uint8Array,
): Promise<Uint8Array> {
  const key = await hmacKey(secret);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new Uint8Array(claimerPubKey)));
}

/** Constant-time check (WebCrypto's verify) that the proof answers this key. */
export async function verifyClaimerProof(
  secret: Uint8Array,
  claimerPubKey: Uint8Array,
  proof: Uint8Array,
): Promise<boolean> {
  const key = await hmacKey(secret);
  return crypto.subtle.verify("HMAC", key, new Uint8Array(proof), new Uint8Array(claimerPubKey));
}
