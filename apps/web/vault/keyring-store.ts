// Keeps the session's keyring of content keys (contract.md §9 rule 11: every key a
// note has had, newest first) across reloads: stored in IndexedDB wrapped under the
// master key (the SDK's wrap, as exportKeyring does), restored at start, re-stored
// after changes. Without it a reload would forget the keys that open content sealed
// before a rotation. Only notes holding more than one key are stored: a note's current
// key already travels sealed with its cached copy (note-cache.ts), and ten thousand
// notes would otherwise cost ten thousand wraps per save and unwraps per start.
// Wraps are redone only for notes whose keys changed.
import { ContentKeyring, importKeyring, type Session, type StoredKeyring } from "@notes/client";
import { loadSodium, wrapKey } from "@notes/crypto";
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
  const wrapped = new Map<string, string[]>();
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as StoredKeyring;
      importKeyring(sodium, session.masterKey, parsed, ring);
      for (const [id, keys] of Object.entries(parsed.notes)) wrapped.set(id, keys);
    } catch {
      // Another account's ring (or a damaged one) opens nothing here; start afresh.
    }
  }
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (noteId: string) => {
    dirty.add(noteId);
    // A first sync remembers a key per note: one write after the burst, not one each.
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const id of dirty) {
        const keys = ring.keys(id);
        if (keys.length > 1)
          wrapped.set(
            id,
            keys.map((k) => wrapKey(sodium, session.masterKey, k)),
          );
        else wrapped.delete(id);
      }
      dirty.clear();
      const value: StoredKeyring = { version: 1, notes: Object.fromEntries(wrapped) };
      void db.put("meta", JSON.stringify(value), KEY).catch(() => undefined);
    }, SAVE_AFTER_MS);
  };
  const stop = ring.onChange(save);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
