// Trust on first use, and the only ways past it. Every sharing key the SDK is about
// to seal to, or hands a caller from a look-up, goes through checkSeenKey: the first
// key seen for an account is pinned; the same key again passes; a different one
// throws PublicKeyChanged. The account's signing key (docs/client-crypto.md, "Signed
// content") rides along: pinned with the first sight of the person, and a different
// one later is a changed key like any other; a first signing key for someone pinned
// without one is pinned once the log proves it, else waits, pending, for the person to
// compare or accept it (issue 33, item 9). acceptKeyChange is the person's explicit "yes,
// they really have a new key"; markVerified records that they compared safety numbers;
// both check the keys in the log first, like a first sight.
// On a device whose pins live on the server, a first sight waits until they were read
// (key-pins-gate.ts, issue 33 item 4). And nothing is pinned that the key-transparency
// log does not prove (issue 34, key-transparency.ts): a first sight, and a signing key
// added to a pin, are verified in the log first.
import { accountFingerprint, groupDigits, loadSodium } from "@notes/crypto";
import type { LookupProofJson } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import {
  KeyPinsNotRead,
  KeyPinsWithheld,
  KeyTransparencyFailed,
  PublicKeyChanged,
} from "../errors";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import { type KeyPins, MemoryKeyPins, type PinnedKey } from "./key-pins";
import { allowFirstSight, firstSightGated } from "./key-pins-gate";
import { type KeyTransparency, keyTransparencyFor } from "./key-transparency";

function required(transparency: KeyTransparency | undefined, userId: string): KeyTransparency {
  if (!transparency) {
    throw new KeyTransparencyFailed(
      "required",
      `no key-transparency check is available to pin the keys of ${userId}`,
      userId,
    );
  }
  return transparency;
}

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
 * answered one) from the server: pins what is new, once `transparency` verified it in
 * the log (`carried`: the proof that came with the answer, if any). A signing key pinned
 * onto an existing pin clears `verified`: the safety number the two compared did not
 * cover it; one the log does not prove is held pending (pendingSigningKey), never pinned
 * here. Throws KeyTransparencyFailed when the log does not hold a first sight's keys.
 */
export async function checkSeenKey(
  pins: KeyPins,
  userId: string,
  seenKey: Uint8Array,
  seenSigningKey?: Uint8Array,
  transparency?: KeyTransparency,
  carried?: LookupProofJson,
  /** Wait for keys published moments ago to reach the log (a look-up does; a roster does not). */
  waitForLog = true,
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
    const logged = await required(transparency, userId).verifyKeys(
      userId,
      seenKey,
      seenSigningKey,
      carried,
      waitForLog ? undefined : 0,
    );
    // A signing key the log holds is pinned with the sharing key even when not answered.
    const signingPublicKey = seenSigningKey ?? logged.signingPublicKey;
    pins.set({ userId, publicKey: seenKey, signingPublicKey, verified: false });
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
  // A first signing key for someone pinned without one is never pinned on the server's
  // word (issue 33, item 9): it could plant one to sign as them. The key-transparency log
  // is the check: a key it proves was published where the account's own devices audit
  // it (issue 34), and is pinned. One it does not prove (or no log to ask) waits, pending,
  // until the person compares safety numbers over it (markVerified) or accepts it
  // (acceptKeyChange); until then what it signs reads as unchecked. The sharing key is
  // unchanged and pinned, so sealing to them goes on.
  if (seenSigningKey && !pinned.signingPublicKey) {
    try {
      await required(transparency, userId).verifyKeys(userId, pinned.publicKey, seenSigningKey);
      pins.set({ ...pinned, signingPublicKey: seenSigningKey, verified: false });
      pending.get(pins)?.delete(userId.toLowerCase());
    } catch (error) {
      if (!(error instanceof KeyTransparencyFailed)) throw error;
      holdPending(pins, userId, seenSigningKey);
    }
  }
  return pinned.publicKey;
}

/** Signing keys seen for people pinned without one, per pin store, in memory. */
const pending = new WeakMap<KeyPins, Map<string, Uint8Array>>();

function holdPending(pins: KeyPins, userId: string, signingKey: Uint8Array): void {
  const held = pending.get(pins) ?? new Map<string, Uint8Array>();
  held.set(userId.toLowerCase(), Uint8Array.from(signingKey));
  pending.set(pins, held);
}

/**
 * The signing key last seen for `userId` whose pin has none (issue 33, item 9): not
 * pinned, waiting for the person to compare safety numbers over it (the number covers
 * it: safetyNumberWith with this key) and markVerified, or to accept it. Undefined when
 * nothing waits, or once a signing key is pinned for them.
 */
export function pendingSigningKey(pins: KeyPins, userId: string): Uint8Array | undefined {
  if (pins.get(userId)?.signingPublicKey) return undefined;
  const key = pending.get(pins)?.get(userId.toLowerCase());
  return key && Uint8Array.from(key);
}

/**
 * Pins keys a roster listed, where nothing contradicts them and the key-transparency log
 * proves them; a key other than a pinned one is left alone here (sealing to that person
 * will raise PublicKeyChanged). Settles once the pin is made or refused; never rejects
 * for those refusals.
 */
export async function pinFromRoster(
  api: ApiClient,
  session: Session,
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey: Uint8Array | undefined,
  carried?: LookupProofJson,
  /** Wait for keys published moments ago to reach the log (a roster does not; see below). */
  waitForLog = false,
): Promise<void> {
  const pins = keyPinsOf(session);
  try {
    const kt = keyTransparencyFor(api);
    // Not waited for: the roster is read again later, and a note must not open late.
    await checkSeenKey(pins, userId, publicKey, signingPublicKey, kt, carried, waitForLog);
  } catch (error) {
    // Not pinned now: a different key, pins not read (or withheld) yet, or keys the log
    // does not prove (yet). The roster is read again later; by then they may have come.
    const notNow =
      error instanceof PublicKeyChanged ||
      error instanceof KeyPinsNotRead ||
      error instanceof KeyPinsWithheld ||
      error instanceof KeyTransparencyFailed;
    if (!notNow) throw error;
  }
}

/**
 * The person confirmed that `userId` has a new key (best after comparing safety
 * numbers with them): pin it, unverified, once `transparency` verified that the log
 * holds exactly these keys for them (issue 34: the person's word overrides a pin, never
 * the log, so a key the server answered to this device alone is still refused). Until
 * this settles the SDK seals nothing to that account. A signing key not given is the
 * one the log holds with the new sharing key (none when it holds none). Throws
 * KeyTransparencyFailed (`key-mismatch`, `not-logged`, `required`) and pins nothing.
 */
export async function acceptKeyChange(
  pins: KeyPins,
  userId: string,
  newPublicKey: Uint8Array,
  newSigningPublicKey: Uint8Array | undefined,
  transparency: KeyTransparency | undefined,
): Promise<void> {
  const logged = await required(transparency, userId).verifyKeys(
    userId,
    newPublicKey,
    newSigningPublicKey,
  );
  const signingPublicKey = newSigningPublicKey ?? logged.signingPublicKey;
  pins.set({
    userId,
    publicKey: Uint8Array.from(newPublicKey),
    ...(signingPublicKey && { signingPublicKey: Uint8Array.from(signingPublicKey) }),
    verified: false,
  });
  pending.get(pins)?.delete(userId.toLowerCase());
}

/**
 * The two people compared safety numbers over `publicKey` (and `signingPublicKey`, else
 * the signing key pinned for them) and they matched. The keys they compared are checked
 * in the key-transparency log first (issue 34): a comparison never pins, or marks
 * verified, keys the log does not hold for that account (a pending signing key the
 * server planted stays pending). Throws KeyTransparencyFailed then, and PublicKeyChanged
 * if other keys are pinned for them: verify what is pinned, or accept the change first.
 */
export async function markVerified(
  pins: KeyPins,
  userId: string,
  publicKey: Uint8Array,
  signingPublicKey: Uint8Array | undefined,
  transparency: KeyTransparency | undefined,
): Promise<void> {
  const compared = signingPublicKey ?? pins.get(userId)?.signingPublicKey;
  await required(transparency, userId).verifyKeys(userId, publicKey, compared);
  const key = await checkSeenKey(pins, userId, publicKey, compared, transparency);
  const pin = pins.get(userId) as PinnedKey;
  // The number they compared covered this signing key: it is pinned with the rest.
  const signing = pin.signingPublicKey ?? compared;
  pins.set({
    ...pin,
    publicKey: key,
    ...(signing && { signingPublicKey: signing }),
    verified: true,
  });
  pending.get(pins)?.delete(userId.toLowerCase());
}
