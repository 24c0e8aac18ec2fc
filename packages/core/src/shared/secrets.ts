// Server-side secret handling: session tokens, scrypt hashes of client auth keys,
// constant-time comparison and keyed MACs. Nothing here stores what it receives.
import {
  createHash,
  createHmac,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from "node:crypto";

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

export function newToken(): { token: string; hash: Uint8Array } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** The shape of every token newToken mints (32 bytes, url-safe Base64, no padding). */
export const isTokenShaped = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

export function hashToken(token: string): Uint8Array {
  return createHash("sha256").update(token).digest();
}

export function newSalt(bytes = 16): Uint8Array {
  return randomBytes(bytes);
}

export function scryptHash(secret: Uint8Array, salt: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scryptCallback(secret, salt, 32, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes `secret` and compares it with `expected` in constant time. */
export async function scryptMatches(
  secret: Uint8Array,
  salt: Uint8Array,
  expected: Uint8Array,
): Promise<boolean> {
  const actual = await scryptHash(secret, salt);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function hmac(key: string, message: string): Buffer {
  return createHmac("sha256", key).update(message).digest();
}
