// The ciphertext cache of notes: each note's full Yjs state (local edits included),
// title and tags sealed under its content key, the content key sealed to the
// account's public key. Opening the app offline decrypts from here.
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

export async function sealForCache(session: Session, note: OpenNote): Promise<CachedNote> {
  const sodium = await loadSodium();
  return {
    id: note.id,
    sealedCek: sealCek(sodium, note.cek, session.keyPair.publicKey),
    metadata: sealMetadata(sodium, note.cek, note.id, note.metadata),
    docState: sealEnvelope(sodium, note.cek, note.id, Y.encodeStateAsUpdate(note.doc)),
    version: note.version,
    snapshotVersion: note.snapshotVersion,
    role: note.role,
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
  };
}

export async function cacheNotes(db: LocalDb, session: Session, notes: OpenNote[]) {
  const sealed = await Promise.all(notes.map((n) => sealForCache(session, n)));
  const tx = db.transaction("notes", "readwrite");
  await Promise.all([...sealed.map((c) => tx.store.put(c)), tx.done]);
}

export async function loadCachedNotes(db: LocalDb, session: Session): Promise<OpenNote[]> {
  const all = await db.getAll("notes");
  return Promise.all(all.map((c) => openCached(session, c)));
}
