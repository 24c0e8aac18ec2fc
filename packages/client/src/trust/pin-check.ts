// Trust on first use, and the only ways past it. Every sharing key the SDK is about
// to seal to, or hands a caller from a look-up, goes through checkSeenKey: the first
// key seen for an account is pinned; the same key again passes; a different one
// throws PublicKeyChanged. acceptKeyChange is the person's explicit "yes, they really
// have a new key"; markVerified records that they compared safety numbers.
import { accountFingerprint, groupDigits, loadSodium } from "@notes/crypto";
import { PublicKeyChanged } from "../errors";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import { type KeyPins, MemoryKeyPins } from "./key-pins";

/**
 * The session's pins. A session made without them (restored by an app from its own
 * storage) gets an empty in-memory store on first use, so pinning holds at least for
 * the session's life; persist them to hold across sessions and devices.
 */
export function keyPinsOf(session: Session): KeyPins {
  session.keyPins ??= new MemoryKeyPins();
  return session.keyPins;
}

/** An account's fingerprint for people to read: 30 digits in groups of five. */
export async function keyFingerprint(userId: string, publicKey: Uint8Array): Promise<string> {
  return groupDigits(accountFingerprint(await loadSodium(), { userId, publicKey }));
}

/** The key to use for `userId` given `seenKey` from the server: pins it the first time. */
export async function checkSeenKey(
  pins: KeyPins,
  userId: string,
  seenKey: Uint8Array,
): Promise<Uint8Array> {
  const pinned = pins.get(userId);
  if (!pinned) {
    pins.set({ userId, publicKey: seenKey, verified: false });
    return Uint8Array.from(seenKey);
  }
  if (sameKey(pinned.publicKey, seenKey)) return pinned.publicKey;
  throw new PublicKeyChanged(
    userId.toLowerCase(),
    await keyFingerprint(userId, pinned.publicKey),
    await keyFingerprint(userId, seenKey),
    Uint8Array.from(seenKey),
  );
}

/**
 * The person confirmed that `userId` has a new key (best after comparing safety
 * numbers with them): pin it, unverified. Until this is called the SDK seals nothing
 * to that account.
 */
export function acceptKeyChange(pins: KeyPins, userId: string, newPublicKey: Uint8Array): void {
  pins.set({ userId, publicKey: newPublicKey, verified: false });
}

/**
 * The two people compared safety numbers over `publicKey` and they matched. Throws
 * PublicKeyChanged if another key is pinned for them: verify what is pinned, or
 * accept the change first.
 */
export async function markVerified(
  pins: KeyPins,
  userId: string,
  publicKey: Uint8Array,
): Promise<void> {
  const key = await checkSeenKey(pins, userId, publicKey);
  pins.set({ userId, publicKey: key, verified: true });
}
