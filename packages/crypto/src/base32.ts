// RFC 4648 Base32 (upper case, no padding), the alphabet of the recovery code; the same
// codec over another 32-character alphabet (Crockford's, for the typed device-link code).
// Decoding is strict: callers normalise first, and non-zero trailing bits are refused.

export const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function toBase32(bytes: Uint8Array, alphabet = BASE32_ALPHABET): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += alphabet[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

export type Base32Result =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: "length" | "character" | "trailing-bits" };

export function fromBase32(text: string, alphabet = BASE32_ALPHABET): Base32Result {
  const bytes = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = alphabet.indexOf(char);
    if (value < 0) return { ok: false, problem: "character" };
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  // Five or more leftover bits means a length no encoder produces (8n+1, 8n+3, 8n+6).
  if (bits >= 5) return { ok: false, problem: "length" };
  if ((buffer & ((1 << bits) - 1)) !== 0) return { ok: false, problem: "trailing-bits" };
  return { ok: true, bytes };
}
