// Pinned sharing keys, sealed under the master key so they can travel to the account's
// other devices (docs/client-crypto.md, "Pinned keys"). The plaintext is UTF-8 JSON
//   {"version": 1, "pins": [{"userId", "publicKey" (Base64, 32 bytes), "verified"}]}
// sorted by userId; readers ignore unknown members. The envelope is §9 rule 4's
// XChaCha20-Poly1305 under the master key with associated data = ASCII
// "notes/key-pins/v1": a key wrap (no associated data) cannot be passed off as pins,
// nor pins as a wrap, though both live under the same key.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { fromBase64, toBase64 } from "./base64";
import { InvalidKeyPins } from "./errors";
import { HYPHENATED_UUID } from "./note-id";
import { SHARING_KEY_BYTES } from "./sharing-keypair";
import { utf8Decode, utf8Encode } from "./utf8";

export const KEY_PINS_LABEL = "notes/key-pins/v1";
const KEY_PINS_VERSION = 1;

export interface KeyPinRecord {
  /** Lower-case hyphenated account id. */
  userId: string;
  /** Raw 32-byte X25519 sharing public key. */
  publicKey: Uint8Array;
  /** The person compared safety numbers with this account and confirmed they matched. */
  verified: boolean;
}

export function encodeKeyPins(pins: readonly KeyPinRecord[]): Uint8Array {
  const sorted = pins.map(checkRecord).sort((a, b) => (a.userId < b.userId ? -1 : 1));
  return utf8Encode(
    JSON.stringify({
      version: KEY_PINS_VERSION,
      pins: sorted.map((p) => ({
        userId: p.userId,
        publicKey: toBase64(p.publicKey),
        verified: p.verified,
      })),
    }),
  );
}

export function decodeKeyPins(bytes: Uint8Array): KeyPinRecord[] {
  let parsed: { version?: unknown; pins?: unknown };
  try {
    parsed = JSON.parse(utf8Decode(bytes));
  } catch (cause) {
    throw new InvalidKeyPins("pins are not UTF-8 JSON", { cause });
  }
  if (parsed.version !== KEY_PINS_VERSION || !Array.isArray(parsed.pins)) {
    throw new InvalidKeyPins("pins are not version 1 with a pins array");
  }
  return parsed.pins.map((entry: { userId?: unknown; publicKey?: unknown; verified?: unknown }) => {
    if (typeof entry.userId !== "string" || typeof entry.publicKey !== "string") {
      throw new InvalidKeyPins("a pin lacks its userId or publicKey");
    }
    return checkRecord({
      userId: entry.userId,
      publicKey: fromBase64(entry.publicKey),
      verified: entry.verified === true,
    });
  });
}

/** Base64(nonce24 ‖ ciphertext ‖ tag16). Pass `nonce` only in known-answer tests. */
export function sealKeyPins(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  pins: readonly KeyPinRecord[],
  nonce?: Uint8Array,
): string {
  return sealAead(sodium, masterKey, encodeKeyPins(pins), utf8Encode(KEY_PINS_LABEL), nonce);
}

/** Throws DecryptionFailed under another master key, InvalidKeyPins for a bad plaintext. */
export function openKeyPins(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  sealed: string,
): KeyPinRecord[] {
  return decodeKeyPins(
    openAead(sodium, masterKey, sealed, utf8Encode(KEY_PINS_LABEL), "sealed key pins"),
  );
}

function checkRecord(pin: KeyPinRecord): KeyPinRecord {
  const userId = pin.userId.toLowerCase();
  if (!HYPHENATED_UUID.test(userId)) throw new InvalidKeyPins(`not a user id: ${pin.userId}`);
  if (pin.publicKey.length !== SHARING_KEY_BYTES) {
    throw new InvalidKeyPins(`the pin of ${userId} is not a 32-byte key`);
  }
  return { userId, publicKey: pin.publicKey, verified: pin.verified };
}
