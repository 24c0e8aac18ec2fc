// Persisting a ContentKeyring: each key wrapped under the master key (contract.md §9
// rule 4: XChaCha20-Poly1305, no associated data), so the stored form is as safe as
// the note envelopes themselves. The web app keeps the result in IndexedDB.
import { type Sodium, unwrapKey, wrapKey } from "@notes/crypto";
import { ContentKeyring } from "./content-keyring";

type WrapSodium = Pick<
  Sodium,
  | "randombytes_buf"
  | "crypto_aead_xchacha20poly1305_ietf_encrypt"
  | "crypto_aead_xchacha20poly1305_ietf_decrypt"
>;

/** JSON-safe: note id → wrapped keys, newest first. */
export interface StoredKeyring {
  version: 1;
  notes: Record<string, string[]>;
}

export function exportKeyring(
  sodium: WrapSodium,
  masterKey: Uint8Array,
  keyring: ContentKeyring,
): StoredKeyring {
  const notes: Record<string, string[]> = {};
  for (const id of keyring.noteIds()) {
    notes[id] = keyring.keys(id).map((key) => wrapKey(sodium, masterKey, key));
  }
  return { version: 1, notes };
}

/**
 * Restores keys into `into` (a fresh ring by default). Throws DecryptionFailed when a
 * wrap does not open under `masterKey`: a ring of another account is a bug, not data.
 */
export function importKeyring(
  sodium: WrapSodium,
  masterKey: Uint8Array,
  stored: StoredKeyring,
  into: ContentKeyring = new ContentKeyring(),
): ContentKeyring {
  for (const [id, wrapped] of Object.entries(stored.notes)) {
    into.restore(
      id,
      wrapped.map((w) => unwrapKey(sodium, masterKey, w)),
    );
  }
  return into;
}
