// Trust on first use, and the only ways past it. Every sharing key the SDK is about
// to seal to, or hands a caller from a look-up, goes through checkSeenKey: the first
// key seen for an account is pinned; the same key again passes; a different one
// throws PublicKeyChanged. The account's signing key (docs/client-crypto.md, "Signed
// content") rides along: pinned the first time it is seen, and a different one later
// is a changed key like any other. acceptKeyChange is the person's explicit "yes,
// they really have a new key"; markVerified records that they compared safety numbers.
// On a device whose pins live on the server, a first sight waits until they were read
// (key-pins-gate.ts, issue 33 item 4).
import { accountFingerprint, groupDigits, loadSodium } from "@notes/crypto";
import { KeyPinsNotRead, KeyPinsWithheld, PublicKeyChanged } from "../errors";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import { type KeyPins, MemoryKeyPins, type PinnedKey } from "./key-pins";
import { allowFirstSight, firstSightGated } from "./key-pins-gate";

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
export async function keyFingerprint(
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey?: Uint8Array,
): Promise<string> {
  return groupDigits(
    accountFingerprint(await loadSodium(), { userId, publicKey, signingPublicKey }),
  );
}

/**
 * The key to use for `userId` given `seenKey` (and `seenSigningKey`, when the server
 * answered one) from the server: pins what is new. A signing key pinned onto an existing
 * pin clears `verified`: the safety number the two compared did not cover it.
 */
export async function checkSeenKey(
  pins: KeyPins,
  userId: string,
  seenKey: Uint8Array,
  seenSigningKey?: Uint8Array,
): Promise<Uint8Array> {
  let pinned = pins.get(userId);
  if (!pinned) {
    // A first sight: on a device whose pins live on the server, only once they were read
    // (they may hold this person, verified elsewhere), and never while withheld. Not
    // awaited otherwise: pinFromRoster's callers read the pin right after (synchronously).
    if (firstSightGated(pins)) {
      await allowFirstSight(pins, userId);
      pinned = pins.get(userId);
    }
  }
  if (!pinned) {
    pins.set({ userId, publicKey: seenKey, signingPublicKey: seenSigningKey, verified: false });
    return Uint8Array.from(seenKey);
  }
  const signingChanged =
    seenSigningKey !== undefined &&
    pinned.signingPublicKey !== undefined &&
    !sameKey(pinned.signingPublicKey, seenSigningKey);
  if (!sameKey(pinned.publicKey, seenKey) || signingChanged) {
    throw new PublicKeyChanged(
      userId.toLowerCase(),
      await keyFingerprint(userId, pinned.publicKey, pinned.signingPublicKey),
      await keyFingerprint(userId, seenKey, seenSigningKey ?? pinned.signingPublicKey),
      Uint8Array.from(seenKey),
      seenSigningKey && Uint8Array.from(seenSigningKey),
    );
  }
  if (seenSigningKey && !pinned.signingPublicKey) {
    pins.set({ ...pinned, signingPublicKey: seenSigningKey, verified: false });
  }
  return pinned.publicKey;
}

/**
 * Pins keys a roster listed, where nothing contradicts them; a key other than a pinned
 * one is left alone here (sealing to that person will raise PublicKeyChanged).
 */
export function pinFromRoster(
  session: Session,
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey: Uint8Array | undefined,
): void {
  checkSeenKey(keyPinsOf(session), userId, publicKey, signingPublicKey).catch((error) => {
    // Not pinned now: a different key, or pins not read (or withheld) yet. The roster is
    // read again later; by then the pins may have come.
    const notNow =
      error instanceof PublicKeyChanged ||
      error instanceof KeyPinsNotRead ||
      error instanceof KeyPinsWithheld;
    if (!notNow) throw error;
  });
}

/**
 * The person confirmed that `userId` has a new key (best after comparing safety
 * numbers with them): pin it, unverified. Until this is called the SDK seals nothing
 * to that account.
 */
export function acceptKeyChange(
  pins: KeyPins,
  userId: string,
  newPublicKey: Uint8Array,
  newSigningPublicKey?: Uint8Array,
): void {
  const signing = newSigningPublicKey ?? pins.get(userId)?.signingPublicKey;
  pins.set({ userId, publicKey: newPublicKey, signingPublicKey: signing, verified: false });
}

/**
 * The two people compared safety numbers over `publicKey` (and `signingPublicKey`)
 * and they matched. Throws PublicKeyChanged if other keys are pinned for them: verify
 * what is pinned, or accept the change first.
 */
export async function markVerified(
  pins: KeyPins,
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey?: Uint8Array,
): Promise<void> {
  const key = await checkSeenKey(pins, userId, publicKey, signingPublicKey);
  const pin = pins.get(userId) as PinnedKey;
  pins.set({ ...pin, publicKey: key, verified: true });
}
