// Pinned public keys, sealed under the master key so they can travel to the account's
// other devices (docs/client-crypto.md, "Pinned keys"). The plaintext is UTF-8 JSON
//   {"version": 1, "pins": [{"userId", "publicKey" (Base64, 32 bytes),
//     "signingPublicKey" (Base64, 32 bytes; only when pinned), "verified"}]}
// sorted by userId; readers ignore unknown members. The envelope is §9 rule 4's
// XChaCha20-Poly1305 under the master key with associated data = ASCII
// "notes/key-pins/v1": a key wrap (no associated data) cannot be passed off as pins,
// nor pins as a wrap, though both live under the same key.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { fromBase64, toBase64 } from "./base64";
import { InvalidKeyPins } from "./errors";
import { HYPHENATED_UUID } from "./note-id";
import { SHARING_KEY_BYTES } from "./sharing-keypair";
import { SIGNING_PUBLIC_KEY_BYTES } from "./signing-keypair";
import { utf8Decode, utf8Encode } from "./utf8";

export const KEY_PINS_LABEL = "notes/key-pins/v1";
const KEY_PINS_VERSION = 1;

export interface KeyPinRecord {
  /** Lower-case hyphenated account id. */
  userId: string;
  /** Raw 32-byte X25519 sharing public key. */
  publicKey: Uint8Array;
  /** Raw 32-byte Ed25519 signing public key, once one was seen for this account. */
  signingPublicKey?: Uint8Array | undefined;
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
        ...(p.signingPublicKey ? { signingPublicKey: toBase64(p.signingPublicKey) } : {}),
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
  return parsed.pins.map((entry: PinJson) => {
    if (typeof entry.userId !== "string" || typeof entry.publicKey !== "string") {
      throw new InvalidKeyPins("a pin lacks its userId or publicKey");
    }
    if (entry.signingPublicKey !== undefined && typeof entry.signingPublicKey !== "string") {
      throw new InvalidKeyPins("a pin's signingPublicKey is not Base64");
    }
    return checkRecord({
      userId: entry.userId,
      publicKey: fromBase64(entry.publicKey),
      signingPublicKey:
        entry.signingPublicKey === undefined ? undefined : fromBase64(entry.signingPublicKey),
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

interface PinJson {
  userId?: unknown;
  publicKey?: unknown;
  signingPublicKey?: unknown;
  verified?: unknown;
}

function checkRecord(pin: KeyPinRecord): KeyPinRecord {
  const userId = pin.userId.toLowerCase();
  if (!HYPHENATED_UUID.test(userId)) throw new InvalidKeyPins(`not a user id: ${pin.userId}`);
  if (pin.publicKey.length !== SHARING_KEY_BYTES) {
    throw new InvalidKeyPins(`the pin of ${userId} is not a 32-byte key`);
  }
  if (pin.signingPublicKey && pin.signingPublicKey.length !== SIGNING_PUBLIC_KEY_BYTES) {
    throw new InvalidKeyPins(`the signing key pinned for ${userId} is not 32 bytes`);
  }
  return {
    userId,
    publicKey: pin.publicKey,
    ...(pin.signingPublicKey ? { signingPublicKey: pin.signingPublicKey } : {}),
    verified: pin.verified,
  };
}
