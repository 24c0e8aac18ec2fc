// Keeps the collaborators' pinned sharing keys (docs/client-crypto.md, "Pinned keys")
// across reloads: sealed under the master key (the SDK's exportKeyPins) in IndexedDB,
// restored at start, re-sealed after every change. Without it a reload would forget
// every pin, and a lying server would only have to wait for one to hand over its own
// key as a "first sight". Pins from another account's store (a damaged one) open
// nothing here: the device starts afresh rather than trusting them.
import { exportKeyPins, importKeyPins, MemoryKeyPins, type Session } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import type { LocalDb } from "./local-db";

const KEY = "keyPins";

/** Gives `session` its pins with the stored ones; saves them on change. Answers stop(). */
export async function keepKeyPins(db: LocalDb, session: Session): Promise<() => void> {
  const sodium = await loadSodium();
  const pins = new MemoryKeyPins(session.keyPins?.all() ?? []);
  session.keyPins = pins;
  const stored = await db.get("meta", KEY);
  if (stored) {
    try {
      // A conflict cannot arise here: this store is the device's own, loaded first.
      importKeyPins(sodium, session.masterKey, stored, pins);
    } catch {
      // Sealed under another master key, or damaged: nothing of it is trusted.
    }
  }
  // At once, on every change: pins change rarely (a first share, a comparison), and a
  // "Verified" must not be lost to a reload a moment later. IndexedDB applies the puts
  // in the order they were made, so the last one stored is the newest.
  return pins.onChange(() => {
    const sealed = exportKeyPins(sodium, session.masterKey, pins);
    void db.put("meta", sealed, KEY).catch(() => undefined);
  });
}
