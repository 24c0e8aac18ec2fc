// The unlocked session: bearer token plus the keys that never leave this process.
import type { SharingKeyPair, SigningKeyPair } from "@notes/crypto";
import type { Account } from "../api/types";
import { WeakKdfParameters } from "../errors";
import type { ContentKeyring } from "../keys/content-keyring";
import type { KeyPins } from "../trust/key-pins";
import type { NoteKeyStates } from "../trust/note-key-states";
import type { KnownRoster } from "../trust/note-rosters";
import type { SeenStates } from "../trust/seen-states";

export interface Session {
  identifier: string;
  token: string;
  account: Account;
  /** 32-byte master key; held in memory only. */
  masterKey: Uint8Array;
  /** X25519 sharing keypair; the private half is stored on the server only wrapped. */
  keyPair: SharingKeyPair;
  /**
   * Ed25519 signing keypair, derived from the master key (docs/client-crypto.md, "Signed
   * content"): everything this session writes is signed with it.
   */
  signingKeyPair: SigningKeyPair;
  kdfIterations: number;
  kdfSalt: string;
  /**
   * The master key wrapped under the password's wrap key, as the server holds it (set by
   * sign-up, sign-in, recovery and a password change; absent in sessions restored from
   * an older store). An app lock unlocks with it and the password, without the server.
   */
  wrappedMasterKey?: string;
  /**
   * Content keys held per note, newest first (contract.md §9 rule 11). Sessions made by
   * this package start with an empty ring; restore a stored one with importKeyring.
   */
  keyring?: ContentKeyring;
  /**
   * Other people's sharing keys as first seen (trust on first use); nothing is sealed
   * to a key that differs from its pin. Sessions made by this package start with an
   * empty store; restore a synced one with importKeyPins. Without it, a store is made
   * on first use and lasts as long as this object.
   */
  keyPins?: KeyPins;
  /**
   * The newest state seen of each note (issue 21, attack 5): a later, older one is
   * refused with RollbackDetected. Made on first use, in memory, when absent; an app
   * keeps it across restarts (parseSeenStates) so a restart is no chance to roll back.
   */
  seenStates?: SeenStates;
  /**
   * Each shared note's members as this device last read them (note-rosters.ts): who may
   * still write under a content key retired since. In memory, filled as needed.
   */
  rosters?: Map<string, KnownRoster>;
  /**
   * What this device knows of each note's group state (issue 33): the epoch of the key it
   * holds, the owner, the newest verified roster entry. Made on first use, in memory; an
   * app keeps it across restarts (parseNoteKeyStates) so a restart is no chance to roll
   * a note back to a retired key.
   */
  keyStates?: NoteKeyStates;
  /**
   * Opens wraps sealed to `keyPair` somewhere other than the caller's thread (the web
   * app: a worker of the session's own). Used for the wraps of a change-feed page
   * (keys/opened-wraps.ts); without it, or when it rejects (not started yet, failed),
   * they are opened with WebCrypto's X25519 where there is one. Whatever is not opened
   * so is opened, and refused, by libsodium.
   */
  wrapOpener?: WrapOpener;
}

/** Each wrap's content key, in order; undefined where it could not be opened. */
export interface WrapOpener {
  open(wraps: readonly string[]): Promise<(Uint8Array | undefined)[]>;
}

/** contract.md §2: PBKDF2 iteration floor, also the client default. */
export const MIN_KDF_ITERATIONS = 600_000;

export function assertKdfStrength(kdfIterations: number): void {
  if (!Number.isInteger(kdfIterations) || kdfIterations < MIN_KDF_ITERATIONS) {
    throw new WeakKdfParameters(kdfIterations);
  }
}
