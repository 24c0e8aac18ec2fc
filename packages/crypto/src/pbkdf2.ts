// PBKDF2-HMAC-SHA256 via WebCrypto: the password stretch of §9 (32-byte output).
import { InvalidKdfParameters } from "./errors";

export async function pbkdf2Sha256(
  password: Uint8Array,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  if (!Number.isSafeInteger(iterations) || iterations < 1) {
    throw new InvalidKdfParameters(`iterations must be a positive integer, got ${iterations}`);
  }
  const key = await crypto.subtle.importKey("raw", new Uint8Array(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(salt), iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}
