// Keeps the session's keyring of content keys (contract.md §9 rule 11: every key a
// note has had, newest first) across reloads: stored in IndexedDB wrapped under the
// master key (the SDK's exportKeyring), restored at start, re-stored on every change.
// Without it a reload would forget the keys that open content sealed before a rotation.
import {
  ContentKeyring,
  exportKeyring,
  importKeyring,
  type Session,
  type StoredKeyring,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import type { LocalDb } from "./local-db";

const KEY = "keyring";
const SAVE_AFTER_MS = 200;

/**
 * Gives `session` its keyring with the stored keys behind the ones it already holds, and
 * saves the ring whenever it changes. Answers the function that stops saving.
 */
export async function keepKeyring(db: LocalDb, session: Session): Promise<() => void> {
  const sodium = await loadSodium();
  const ring = session.keyring ?? new ContentKeyring();
  session.keyring = ring;
  const stored = await db.get("meta", KEY);
  if (stored) {
    try {
      importKeyring(sodium, session.masterKey, JSON.parse(stored) as StoredKeyring, ring);
    } catch {
      // Another account's ring (or a damaged one) opens nothing here; start afresh.
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    // A first sync remembers a key per note: one write after the burst, not one each.
    clearTimeout(timer);
    timer = setTimeout(() => {
      const wrapped = exportKeyring(sodium, session.masterKey, ring);
      void db.put("meta", JSON.stringify(wrapped), KEY).catch(() => undefined);
    }, SAVE_AFTER_MS);
  };
  const stop = ring.onChange(save);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
