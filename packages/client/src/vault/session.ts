// The unlocked session: bearer token plus the keys that never leave this process.
import type { SharingKeyPair } from "@notes/crypto";
import type { Account } from "../api/types";
import { WeakKdfParameters } from "../errors";
import type { ContentKeyring } from "../keys/content-keyring";

export interface Session {
  identifier: string;
  token: string;
  account: Account;
  /** 32-byte master key; held in memory only. */
  masterKey: Uint8Array;
  /** X25519 sharing keypair; the private half is stored on the server only wrapped. */
  keyPair: SharingKeyPair;
  kdfIterations: number;
  kdfSalt: string;
  /**
   * Content keys held per note, newest first (contract.md §9 rule 11). Sessions made by
   * this package start with an empty ring; restore a stored one with importKeyring.
   */
  keyring?: ContentKeyring;
}

/** contract.md §2: PBKDF2 iteration floor, also the client default. */
export const MIN_KDF_ITERATIONS = 600_000;

export function assertKdfStrength(kdfIterations: number): void {
  if (!Number.isInteger(kdfIterations) || kdfIterations < MIN_KDF_ITERATIONS) {
    throw new WeakKdfParameters(kdfIterations);
  }
}
