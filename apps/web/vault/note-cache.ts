// The ciphertext cache of notes: each note's full Yjs state (local edits included),
// title and tags sealed under its content key, the content key sealed to the
// account's public key. Opening the app offline decrypts from here. Keys the note
// held before a rotation come from the session's keyring (keyring-store.ts); the cached
// key goes back into the ring, so what the server serves later is judged against it.
import {
  type DocWoken,
  noteState,
  type OpenNote,
  restingNote,
  type Session,
  signerOf,
  yieldToEventLoop,
} from "@notes/client";
import {
  loadSodium,
  openEnvelope,
  openMetadata,
  sealCek,
  sealEnvelope,
  sealMetadata,
} from "@notes/crypto";
import { openCachedKey, sealCachedKey } from "./cached-key";
import type { CachedNote, LocalDb } from "./local-db";

/** Member counts by note id, kept beside the notes (the SDK's OpenNote has none). */
export type MemberCounts = ReadonlyMap<string, number>;

export async function sealForCache(
  session: Session,
  note: OpenNote,
  memberCount?: number,
): Promise<CachedNote> {
  const sodium = await loadSodium();
  return {
    id: note.id,
    // The server's wrap is this very key sealed to this account's public key (it was
    // opened with the private key): kept as is, it spares a public-key seal per note.
    sealedCek: note.wrappedCek ?? sealCek(sodium, note.cek, session.keyPair.publicKey),
    localCek: await sealCachedKey(session, note.id, note.cek),
    metadata: sealMetadata(sodium, note.cek, note.id, note.metadata),
    // A resting note's state as it rests: the cache never opens a document (issue 35).
    docState: sealEnvelope(sodium, note.cek, note.id, noteState(note)),
    version: note.version,
    snapshotVersion: note.snapshotVersion,
    role: note.role,
    cachedAt: Date.now(),
    ...(note.wrappedCek !== undefined && { wrappedCek: note.wrappedCek }),
    ...(memberCount !== undefined && { memberCount }),
    ...(note.updatedAt !== undefined && { updatedAt: note.updatedAt }),
    ...(note.heldClocks && { heldClocks: [...note.heldClocks] }),
    ...(note.authorship && {
      authorship: {
        signers: [...note.authorship.signers],
        unchecked: note.authorship.unchecked,
      },
    }),
  };
}

/**
 * The cached note, resting (resting-doc.ts in the SDK): its document opens on first use,
 * when `woken` hears of it.
 */
export async function openCached(
  session: Session,
  cached: CachedNote,
  woken?: DocWoken,
): Promise<OpenNote> {
  const sodium = await loadSodium();
  const cek = await openCachedKey(session, cached);
  // The key this device held is held again (behind any the stored ring restored): a
  // note whose ring was never stored (one key, never shared) would otherwise take the
  // next served wrap at its word, a server's own key across a compaction gap included
  // (issue 33). Legacy notes use the master key, which never goes into the ring.
  if (cached.wrappedCek !== undefined) session.keyring?.restore(cached.id, [cek]);
  const state = openEnvelope(sodium, cek, cached.id, cached.docState);
  const fields: Omit<OpenNote, "doc"> = {
    id: cached.id,
    cek,
    version: cached.version,
    snapshotVersion: cached.snapshotVersion,
    metadata: openMetadata(sodium, cek, cached.id, cached.metadata),
    role: cached.role,
    // Content sealed before a rotation may still be on the server (contract.md §9.11).
    formerCeks: formerKeys(cek, session.keyring?.keys(cached.id) ?? []),
    ...(cached.wrappedCek !== undefined && { wrappedCek: cached.wrappedCek }),
    ...(cached.updatedAt !== undefined && { updatedAt: cached.updatedAt }),
    ...(cached.heldClocks && { heldClocks: new Map(cached.heldClocks) }),
    ...(cached.authorship && {
      authorship: {
        signers: new Map(cached.authorship.signers),
        unchecked: cached.authorship.unchecked,
      },
    }),
    signer: signerOf(session),
  };
  return restingNote(fields, state, woken);
}

/** Work between pauses when sealing or opening many notes (a frame and a half). */
const SLICE_MS = 24;
/** Notes per IndexedDB transaction: one bulk write per batch, not one per note. */
const WRITE_BATCH = 500;

export async function cacheNotes(
  db: LocalDb,
  session: Session,
  notes: OpenNote[],
  memberCounts: MemberCounts = new Map(),
) {
  for (let from = 0; from < notes.length; from += WRITE_BATCH) {
    const sealed: CachedNote[] = [];
    let sliceStart = performance.now();
    for (const note of notes.slice(from, from + WRITE_BATCH)) {
      sealed.push(await sealForCache(session, note, memberCounts.get(note.id)));
      if (notes.length > 1 && performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    await putAll(db, sealed);
  }
}

/**
 * Puts asked for at once. A put clones its record on the calling thread (~50 µs a note
 * in a first sync of 100,000), so a batch's 500 in one go were a task of their own.
 */
const PUT_BURST = 100;

/**
 * Writes `sealed` in one transaction, a burst of puts at a time: awaiting the last put
 * of a burst lets other tasks run, and the next burst is asked for in that put's
 * success, while the transaction is still active.
 */
async function putAll(db: LocalDb, sealed: readonly CachedNote[]): Promise<void> {
  const tx = db.transaction("notes", "readwrite");
  const requests: Promise<unknown>[] = [];
  const asked = (request: Promise<unknown>) => {
    request.catch(() => undefined); // heard in the Promise.all below, or by an await
    requests.push(request);
  };
  asked(tx.done);
  for (let at = 0; at < sealed.length; at += PUT_BURST) {
    if (at > 0) await requests[requests.length - 1];
    for (const cached of sealed.slice(at, at + PUT_BURST)) asked(tx.store.put(cached));
  }
  await Promise.all(requests);
}

/** One cached note, opened, or undefined when it is not cached. */
export async function loadCachedNote(
  db: LocalDb,
  session: Session,
  id: string,
  woken?: DocWoken,
): Promise<{ note: OpenNote; memberCount?: number } | undefined> {
  const cached = await db.get("notes", id);
  if (!cached) return undefined;
  return { note: await openCached(session, cached, woken), memberCount: cached.memberCount };
}

/** The ids of the notes cached at or after `since` (ms; `cachedAt`), oldest first. */
export async function cachedSince(db: LocalDb, since: number): Promise<string[]> {
  return db.getAllKeysFromIndex("notes", "cachedAt", IDBKeyRange.lowerBound(since));
}

/** The cached notes among `ids`, opened, read in one transaction (a sync page's, issue 35). */
export async function loadCachedNotesById(
  db: LocalDb,
  session: Session,
  ids: readonly string[],
  woken?: DocWoken,
): Promise<{ note: OpenNote; memberCount?: number }[]> {
  const tx = db.transaction("notes", "readonly");
  const found = await Promise.all(ids.map((id) => tx.store.get(id)));
  const out: { note: OpenNote; memberCount?: number }[] = [];
  for (const cached of found)
    if (cached)
      out.push({ note: await openCached(session, cached, woken), memberCount: cached.memberCount });
  return out;
}

/**
 * Opens every cached note a slice at a time, handing each batch to `take` (then the
 * UI thread may paint and answer input before the next one).
 */
export async function openCacheInSlices(
  db: LocalDb,
  session: Session,
  take: (batch: { note: OpenNote; memberCount?: number }[]) => void,
  woken?: DocWoken,
): Promise<void> {
  let batch: { note: OpenNote; memberCount?: number }[] = [];
  let sliceStart = performance.now();
  for await (const cached of readInBatches(db)) {
    batch.push({
      note: await openCached(session, cached, woken),
      memberCount: cached.memberCount,
    });
    if (performance.now() - sliceStart > SLICE_MS) {
      take(batch);
      batch = [];
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  take(batch);
}

/** Every cached note, opened, with the member counts stored beside them. */
export async function loadCache(
  db: LocalDb,
  session: Session,
): Promise<{ notes: OpenNote[]; memberCounts: Map<string, number> }> {
  const all = await db.getAll("notes");
  const memberCounts = new Map<string, number>();
  for (const c of all) if (c.memberCount !== undefined) memberCounts.set(c.id, c.memberCount);
  return { notes: await Promise.all(all.map((c) => openCached(session, c))), memberCounts };
}

/** Every cached note, read 500 at a time: one read of ten thousand would block. */
async function* readInBatches(db: LocalDb): AsyncGenerator<CachedNote> {
  let after: string | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const batch = await db.getAll("notes", range, WRITE_BATCH);
    yield* batch;
    const last = batch[batch.length - 1];
    if (batch.length < WRITE_BATCH || !last) return;
    after = last.id;
  }
}

/** `keys` without `current` and without repeats, newest first as given. */
function formerKeys(current: Uint8Array, keys: readonly Uint8Array[]): Uint8Array[] {
  const same = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  const out: Uint8Array[] = [];
  for (const key of keys) if (!same(key, current) && !out.some((k) => same(k, key))) out.push(key);
  return out;
}

export async function loadCachedNotes(db: LocalDb, session: Session): Promise<OpenNote[]> {
  return (await loadCache(db, session)).notes;
}
