// UTF-8 text <-> bytes. Encoding is exact (no normalisation); decoding is strict so
// malformed bytes surface as an error instead of silent U+FFFD replacement.
import { InvalidEncoding } from "./errors";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

export function utf8Decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    throw new InvalidEncoding("bytes are not valid UTF-8", { cause });
  }
}
