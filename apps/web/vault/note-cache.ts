// The ciphertext cache of notes: each note's full Yjs state (local edits included),
// title and tags sealed under its content key, the content key sealed to the
// account's public key. Opening the app offline decrypts from here. Keys the note
// held before a rotation come from the session's keyring (keyring-store.ts).
import type { OpenNote, Session } from "@notes/client";
import {
  loadSodium,
  openEnvelope,
  openMetadata,
  openSealedCek,
  sealCek,
  sealEnvelope,
  sealMetadata,
} from "@notes/crypto";
import * as Y from "yjs";
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
    sealedCek: sealCek(sodium, note.cek, session.keyPair.publicKey),
    metadata: sealMetadata(sodium, note.cek, note.id, note.metadata),
    docState: sealEnvelope(sodium, note.cek, note.id, Y.encodeStateAsUpdate(note.doc)),
    version: note.version,
    snapshotVersion: note.snapshotVersion,
    role: note.role,
    ...(note.wrappedCek !== undefined && { wrappedCek: note.wrappedCek }),
    ...(memberCount !== undefined && { memberCount }),
    ...(note.updatedAt !== undefined && { updatedAt: note.updatedAt }),
  };
}

export async function openCached(session: Session, cached: CachedNote): Promise<OpenNote> {
  const sodium = await loadSodium();
  const cek = openSealedCek(sodium, cached.sealedCek, session.keyPair);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, openEnvelope(sodium, cek, cached.id, cached.docState));
  return {
    id: cached.id,
    doc,
    cek,
    version: cached.version,
    snapshotVersion: cached.snapshotVersion,
    metadata: openMetadata(sodium, cek, cached.id, cached.metadata),
    role: cached.role,
    // Content sealed before a rotation may still be on the server (contract.md §9.11).
    formerCeks: formerKeys(cek, session.keyring?.keys(cached.id) ?? []),
    ...(cached.wrappedCek !== undefined && { wrappedCek: cached.wrappedCek }),
    ...(cached.updatedAt !== undefined && { updatedAt: cached.updatedAt }),
  };
}

export async function cacheNotes(
  db: LocalDb,
  session: Session,
  notes: OpenNote[],
  memberCounts: MemberCounts = new Map(),
) {
  const sealed = await Promise.all(
    notes.map((n) => sealForCache(session, n, memberCounts.get(n.id))),
  );
  const tx = db.transaction("notes", "readwrite");
  await Promise.all([...sealed.map((c) => tx.store.put(c)), tx.done]);
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
