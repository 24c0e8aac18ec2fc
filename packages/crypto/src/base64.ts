// Base64 as the contract uses it: standard alphabet with padding for every binary
// field, url-safe without padding for epochId. Decoders accept only the canonical
// form (re-encoding must reproduce the input), so one value has one spelling.
import { InvalidEncoding } from "./errors";

const STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;
// String.fromCharCode(...chunk) would overflow the argument limit on large inputs.
const CHUNK = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  if (!STANDARD.test(text)) throw new InvalidEncoding("not standard padded Base64");
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  if (toBase64(bytes) !== text) throw new InvalidEncoding("non-canonical Base64");
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  if (!URL_SAFE.test(text) || text.length % 4 === 1) {
    throw new InvalidEncoding("not url-safe unpadded Base64");
  }
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(standard.padEnd(Math.ceil(text.length / 4) * 4, "=")), (c) =>
    c.charCodeAt(0),
  );
  if (toBase64Url(bytes) !== text) throw new InvalidEncoding("non-canonical Base64url");
  return bytes;
}
