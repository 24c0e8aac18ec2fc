// Test support (not exported): byte-level tampering and fast-check arbitraries shared
// by the property tests.
import fc from "fast-check";
import { fromBase64, toBase64 } from "./base64";

/** Decodes `sealed`, XORs one byte with a non-zero mask, re-encodes. */
export function flipByte(sealed: string, position: number, mask: number): string {
  const bytes = fromBase64(sealed);
  const index = position % bytes.length;
  bytes[index] = (bytes[index] ?? 0) ^ mask;
  return toBase64(bytes);
}

export const key32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
export const plaintext = fc.uint8Array({ maxLength: 512 });
export const position = fc.nat();
export const mask = fc.integer({ min: 1, max: 255 });
