// A cached note's content key, sealed a second time under a key of this device's own
// (local-seal.ts, purpose "cache-key", bound to the note's id): a reload opens it with
// one symmetric opening instead of opening the server's wrap, a public-key (X25519)
// opening that was most of the work of reopening every cached note (issue 35). The
// server's wrap stays in the cache beside it, for rotations and for older caches.
import type { Session } from "@notes/client";
import { loadSodium, openEnvelope, openSealedCek, sealEnvelope } from "@notes/crypto";
import type { CachedNote } from "./local-db";
import { localKey } from "./local-seal";

/** One derivation per master key, not one per note. */
const derived = new WeakMap<Uint8Array, Promise<Uint8Array>>();

function cacheKey(session: Session): Promise<Uint8Array> {
  let key = derived.get(session.masterKey);
  if (!key) {
    key = localKey(session, "cache-key");
    derived.set(session.masterKey, key);
  }
  return key;
}

export async function sealCachedKey(session: Session, noteId: string, cek: Uint8Array) {
  return sealEnvelope(await loadSodium(), await cacheKey(session), noteId, cek);
}

/** The content key: from the device's own seal when there is one, else the server's wrap. */
export async function openCachedKey(session: Session, cached: CachedNote): Promise<Uint8Array> {
  const sodium = await loadSodium();
  if (cached.localCek !== undefined) {
    try {
      return openEnvelope(sodium, await cacheKey(session), cached.id, cached.localCek);
    } catch {
      // Damaged, or sealed under another account's key: the server's wrap decides.
    }
  }
  return openSealedCek(sodium, cached.sealedCek, session.keyPair);
}
