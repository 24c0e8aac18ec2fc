// What a bridge transmission says, inside its 1,024 padded bytes (docs/client-crypto.md
// "Bridge transmissions, version 2"; issue 33, items 5 and 11). Version 1 is the text's
// UTF-8 alone (§9). Version 2 puts, before the text, what the server must not be able to
// re-use or strip unseen: a message id the author chose (a replay served under a new seq
// carries the same one), the author's send time, and whether the author signed it:
//   0xFF ‖ 0x02 ‖ flags (1; bit 0: signed) ‖ message id (16) ‖ sent at (8, BE, ms
//   since 1970-01-01T00:00Z) ‖ UTF-8 text
// 0xFF never begins UTF-8, so no version-1 text reads as a header. All of it is sealed
// under the bridge key and covered by the signature (which signs the sealed body).

import { BRIDGE_MAX_MESSAGE_BYTES } from "./bridge-padding";
import { InvalidEncoding, InvalidLength } from "./errors";
import { bytesToUuid, UUID_BYTES, uuidToBytes } from "./uuid-bytes";

export const BRIDGE_MESSAGE_MARKER = 0xff;
export const BRIDGE_MESSAGE_VERSION = 2;
export const BRIDGE_HEADER_BYTES = 3 + UUID_BYTES + 8;
/** The text a version-2 transmission holds: 1,023 − 27 = 996 bytes. */
export const BRIDGE_MAX_TEXT_BYTES = BRIDGE_MAX_MESSAGE_BYTES - BRIDGE_HEADER_BYTES;
const SIGNED_FLAG = 0x01;

export interface BridgeMessageV2 {
  version: 2;
  /** The author's id for this message: a lower-case hyphenated uuid. */
  id: string;
  /** The author's clock when sending, milliseconds since 1970-01-01T00:00Z. */
  sentAt: number;
  /** The author signed the transmission: without a signature beside it, it was stripped. */
  signed: boolean;
  text: Uint8Array;
}

export type BridgeMessage = { version: 1; text: Uint8Array } | BridgeMessageV2;

/** The unpadded bytes of a version-2 message; throws InvalidLength past 996 bytes of text. */
export function encodeBridgeMessage(message: Omit<BridgeMessageV2, "version">): Uint8Array {
  if (message.text.length > BRIDGE_MAX_TEXT_BYTES)
    throw new InvalidLength("bridge text", BRIDGE_MAX_TEXT_BYTES, message.text.length);
  if (!Number.isSafeInteger(message.sentAt) || message.sentAt < 0)
    throw new InvalidEncoding(`sentAt is not a time in milliseconds: ${message.sentAt}`);
  const bytes = new Uint8Array(BRIDGE_HEADER_BYTES + message.text.length);
  bytes[0] = BRIDGE_MESSAGE_MARKER;
  bytes[1] = BRIDGE_MESSAGE_VERSION;
  bytes[2] = message.signed ? SIGNED_FLAG : 0;
  bytes.set(uuidToBytes(message.id), 3);
  new DataView(bytes.buffer).setBigUint64(3 + UUID_BYTES, BigInt(message.sentAt));
  bytes.set(message.text, BRIDGE_HEADER_BYTES);
  return bytes;
}

/**
 * Reads unpadded bytes: version 1 when they do not begin with 0xFF (the text is all of
 * them), else version 2. Throws InvalidEncoding for another version or a short header.
 * Unknown flag bits are ignored (room for later versions of the same layout).
 */
export function decodeBridgeMessage(bytes: Uint8Array): BridgeMessage {
  if (bytes[0] !== BRIDGE_MESSAGE_MARKER) return { version: 1, text: bytes };
  if (bytes[1] !== BRIDGE_MESSAGE_VERSION)
    throw new InvalidEncoding(`unknown bridge message version ${bytes[1]}`);
  if (bytes.length < BRIDGE_HEADER_BYTES)
    throw new InvalidEncoding("a version-2 bridge message is shorter than its header");
  const sentAt = new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(3 + UUID_BYTES);
  if (sentAt > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InvalidEncoding("a bridge message's send time is out of range");
  return {
    version: 2,
    signed: ((bytes[2] ?? 0) & SIGNED_FLAG) !== 0,
    id: bytesToUuid(bytes.slice(3, 3 + UUID_BYTES)),
    sentAt: Number(sentAt),
    text: bytes.slice(BRIDGE_HEADER_BYTES),
  };
}
