// Base64 as the contract uses it: standard alphabet with padding for every binary
// field, url-safe without padding for epochId. Decoders accept only the canonical
// form (no symbol outside the alphabet, padding only where it must be, and zero bits
// past the last byte), so one value has one spelling.
// Hand-written rather than atob with a regular expression and a re-encoding to check
// the spelling: a full sync decodes tens of megabytes, and that way cost 14× more
// (docs/benchmarks-log.md, "Where a 10,000-note sync spends its time").
import { InvalidEncoding } from "./errors";

const STANDARD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE = `${STANDARD.slice(0, 62)}-_`;
const PAD = 61; // "="
// String.fromCharCode.apply takes its arguments on the stack: a bounded chunk at a time.
const CHUNK = 0x2000;

/** Symbol → value for ASCII; -1 for anything else. */
function indexOf(alphabet: string): Int8Array {
  const index = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) index[alphabet.charCodeAt(i)] = i;
  return index;
}
const STANDARD_INDEX = indexOf(STANDARD);
const URL_SAFE_INDEX = indexOf(URL_SAFE);

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const n = text.length;
  const pad =
    n > 0 && text.charCodeAt(n - 1) === PAD ? (text.charCodeAt(n - 2) === PAD ? 2 : 1) : 0;
  const bytes = n % 4 === 0 ? decode(text, n - pad, STANDARD_INDEX) : undefined;
  if (!bytes) throw new InvalidEncoding("not standard padded Base64");
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  const bytes = decode(text, text.length, URL_SAFE_INDEX);
  if (!bytes) throw new InvalidEncoding("not url-safe unpadded Base64");
  return bytes;
}

/**
 * The bytes the first `symbols` characters of `text` spell, or undefined when one is
 * outside the alphabet, the count leaves a lone symbol, or the last symbol carries bits
 * past the last byte (a non-canonical spelling).
 */
function decode(text: string, symbols: number, index: Int8Array): Uint8Array | undefined {
  const tail = symbols % 4;
  if (tail === 1) return undefined;
  const whole = symbols - tail;
  const out = new Uint8Array((whole / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  const at = (i: number): number => {
    const c = text.charCodeAt(i);
    return c < 128 ? (index[c] as number) : -1;
  };
  let o = 0;
  for (let i = 0; i < whole; i += 4) {
    const a = at(i);
    const b = at(i + 1);
    const c = at(i + 2);
    const d = at(i + 3);
    if ((a | b | c | d) < 0) return undefined;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    out[o++] = (v >> 8) & 0xff;
    out[o++] = v & 0xff;
  }
  if (tail === 2) {
    const a = at(whole);
    const b = at(whole + 1);
    if ((a | b) < 0 || (b & 0x0f) !== 0) return undefined;
    out[o] = (a << 2) | (b >> 4);
  } else if (tail === 3) {
    const a = at(whole);
    const b = at(whole + 1);
    const c = at(whole + 2);
    if ((a | b | c) < 0 || (c & 0x03) !== 0) return undefined;
    out[o++] = (a << 2) | (b >> 4);
    out[o] = ((b & 0x0f) << 4) | (c >> 2);
  }
  return out;
}
