// Pinned public keys (docs/client-crypto.md, "Pinned keys"): for each person this
// account has shared with or looked up, the X25519 sharing key it saw first, and the
// Ed25519 signing key it saw first once that person has one. A keypair
// never changes once stored (the server refuses a second one), so a different key
// later is the server, or whoever runs it, asking to be sealed to; the SDK seals
// nothing to it until the person confirms (pin-check.ts). Pins sync between the
// account's devices sealed under the master key (key-pins-storage.ts).
import type { KeyPinRecord } from "@notes/crypto";

/** One pinned key; `verified` once the two people compared safety numbers. */
export type PinnedKey = KeyPinRecord;

/**
 * Where pins live. MemoryKeyPins is the SDK's own; an app may keep pins anywhere
 * else behind this interface (reads must be synchronous: keep a copy in memory).
 */
export interface KeyPins {
  get(userId: string): PinnedKey | undefined;
  /** Stores `pin`, replacing any pin of the same account. */
  set(pin: PinnedKey): void;
  all(): PinnedKey[];
}

export type KeyPinsListener = (pin: PinnedKey) => void;

/** Pins in memory; `onChange` is the hook to persist them (exportKeyPins) on every change. */
export class MemoryKeyPins implements KeyPins {
  private readonly byUser = new Map<string, PinnedKey>();
  private readonly listeners = new Set<KeyPinsListener>();

  constructor(pins: Iterable<PinnedKey> = []) {
    for (const pin of pins) this.byUser.set(pin.userId.toLowerCase(), copyOf(pin));
  }

  get(userId: string): PinnedKey | undefined {
    const pin = this.byUser.get(userId.toLowerCase());
    return pin && copyOf(pin);
  }

  set(pin: PinnedKey): void {
    const stored = copyOf(pin);
    this.byUser.set(stored.userId, stored);
    for (const listener of this.listeners) listener(copyOf(stored));
  }

  all(): PinnedKey[] {
    return [...this.byUser.values()].map(copyOf);
  }

  /** Hears every pin set (new, changed or newly verified); answers an unsubscribe function. */
  onChange(listener: KeyPinsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// Copies in and out, so no caller can change a pin behind the store's back.
function copyOf(pin: PinnedKey): PinnedKey {
  return {
    userId: pin.userId.toLowerCase(),
    publicKey: Uint8Array.from(pin.publicKey),
    ...(pin.signingPublicKey && { signingPublicKey: Uint8Array.from(pin.signingPublicKey) }),
    verified: pin.verified,
  };
}
