// Carrying pins between sessions and devices: sealed under the master key as
// docs/client-crypto.md "Pinned keys" fixes (JSON in an envelope whose associated data
// is "notes/key-pins/v1"), so the stored or synced form tells the server nothing it
// could not already see, and it cannot alter it. Merging never lets one device
// overwrite another's pin with a different key: that is a conflict for the person.
import { type AeadSodium, openKeyPins, sealKeyPins } from "@notes/crypto";
import { sameKey } from "../keys/content-keyring";
import type { KeyPins, PinnedKey } from "./key-pins";

/** Two of the account's devices pinned different keys for the same person. */
export interface KeyPinConflict {
  userId: string;
  /** The key this device pinned; it stays pinned. */
  kept: Uint8Array;
  /** The key the other device pinned. */
  other: Uint8Array;
}

export function exportKeyPins(sodium: AeadSodium, masterKey: Uint8Array, pins: KeyPins): string {
  return sealKeyPins(sodium, masterKey, pins.all());
}

/**
 * Merges sealed pins into `into`: unknown people are pinned, a verification made on
 * either device counts, and a different key for someone already pinned is kept out
 * and reported (one device saw a substituted key: ask the person to compare safety
 * numbers, then acceptKeyChange the right one). Throws DecryptionFailed under another
 * account's master key.
 */
export function importKeyPins(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  sealed: string,
  into: KeyPins,
): KeyPinConflict[] {
  return mergeKeyPins(openKeyPins(sodium, masterKey, sealed), into);
}

/** importKeyPins for pins already opened. */
export function mergeKeyPins(pins: readonly PinnedKey[], into: KeyPins): KeyPinConflict[] {
  const conflicts: KeyPinConflict[] = [];
  for (const pin of pins) {
    const held = into.get(pin.userId);
    if (!held) {
      into.set(pin);
      continue;
    }
    const merged = mergePin(held, pin);
    if (merged === "conflict") {
      conflicts.push({ userId: pin.userId, kept: held.publicKey, other: pin.publicKey });
    } else if (merged) {
      into.set(merged);
    }
  }
  return conflicts;
}

/**
 * One person's pin as two devices hold it: "conflict" when they pinned different keys
 * (sharing or signing), the pin `held` should become when `other` adds to it (a signing
 * key `held` lacks, a verification), or undefined when `other` adds nothing. A
 * verification counts only for the keys it was made over.
 */
export function mergePin(held: PinnedKey, other: PinnedKey): PinnedKey | "conflict" | undefined {
  if (!sameKey(held.publicKey, other.publicKey)) return "conflict";
  if (held.signingPublicKey && other.signingPublicKey) {
    if (!sameKey(held.signingPublicKey, other.signingPublicKey)) return "conflict";
  }
  const signingPublicKey = held.signingPublicKey ?? other.signingPublicKey;
  const covers = (pin: PinnedKey) =>
    pin.verified &&
    (pin.signingPublicKey === undefined
      ? signingPublicKey === undefined
      : signingPublicKey !== undefined && sameKey(pin.signingPublicKey, signingPublicKey));
  const verified = covers(held) || covers(other);
  if (signingPublicKey === held.signingPublicKey && verified === held.verified) return undefined;
  return { ...held, signingPublicKey, verified };
}
