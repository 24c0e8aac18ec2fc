// Bridge padding (§9): every transmission's plaintext is exactly 1,024 bytes, so
// its ciphertext says nothing about the length of what was said. ISO/IEC 7816-4:
// the message, one 0x80 byte, then zeros to the width; at most 1,023 bytes fit.
import { InvalidEncoding, InvalidLength } from "./errors";

export const BRIDGE_PADDED_BYTES = 1_024;
export const BRIDGE_MAX_MESSAGE_BYTES = BRIDGE_PADDED_BYTES - 1;

export function padBridgeMessage(message: Uint8Array): Uint8Array {
  if (message.length > BRIDGE_MAX_MESSAGE_BYTES)
    throw new InvalidLength("bridge message", BRIDGE_MAX_MESSAGE_BYTES, message.length);
  const padded = new Uint8Array(BRIDGE_PADDED_BYTES);
  padded.set(message);
  padded[message.length] = 0x80;
  return padded;
}

/** Throws InvalidEncoding unless `padded` is 1,024 bytes ending in 0x80 and zeros. */
export function unpadBridgeMessage(padded: Uint8Array): Uint8Array {
  if (padded.length !== BRIDGE_PADDED_BYTES)
    throw new InvalidLength("padded bridge message", BRIDGE_PADDED_BYTES, padded.length);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 0x80)
    throw new InvalidEncoding("bridge padding is not ISO/IEC 7816-4");
  return padded.slice(0, end);
}
