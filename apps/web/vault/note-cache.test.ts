import "fake-indexeddb/auto";
import type { ApiClient, NoteState, OpenNote } from "@notes/client";
import { ContentKeyring, isDocOpen, readText, restDoc, SyncEngine, writeText } from "@notes/client";
import { generateKey, loadSodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  cachedSince,
  cacheNotes,
  loadCache,
  loadCachedNote,
  loadCachedNotes,
  loadCachedNotesById,
  openCacheInSlices,
} from "./note-cache";
import { freshDb, testSession } from "./test-session";

async function note(text: string): Promise<OpenNote> {
  const doc = new Y.Doc();
  writeText(doc, text);
  return {
    id: crypto.randomUUID(),
    doc,
    cek: generateKey(await loadSodium()),
    version: 7,
    snapshotVersion: 3,
    metadata: { title: "Groceries", tags: ["home"] },
    role: "owner",
  };
}

describe("note cache", () => {
  it("restores text, metadata and versions", async () => {
    const db = await freshDb();
    const session = await testSession();
    const original = await note("oat milk, canary-7f3a");
    await cacheNotes(db, session, [original]);
    const [restored] = await loadCachedNotes(db, session);
    expect(restored && readText(restored.doc)).toBe("oat milk, canary-7f3a");
    expect(restored).toMatchObject({
      id: original.id,
      version: 7,
      snapshotVersion: 3,
      metadata: original.metadata,
      role: "owner",
    });
  });

  it("opens cached notes resting (no Y.Doc until one is read), and caches resting ones", async () => {
    const db = await freshDb();
    const session = await testSession();
    const original = await note("kept as bytes");
    restDoc(original);
    await cacheNotes(db, session, [original]);
    expect(isDocOpen(original)).toBe(false);
    const woken: string[] = [];
    const loaded = await loadCachedNote(db, session, original.id, (n) => woken.push(n.id));
    const restored = loaded?.note;
    expect(restored && isDocOpen(restored)).toBe(false);
    expect(restored && readText(restored.doc)).toBe("kept as bytes");
    expect(woken).toEqual([original.id]);
  });

  it("reopens the content key under the device's own seal, and the server's wrap without one", async () => {
    const db = await freshDb();
    const session = await testSession();
    const original = await note("sealed twice");
    await cacheNotes(db, session, [original]);
    const cached = await db.get("notes", original.id);
    expect(cached?.localCek).toEqual(expect.any(String));
    // The server's wrap spoilt: the device's own seal alone opens it.
    await db.put("notes", { ...(cached as NonNullable<typeof cached>), sealedCek: "AAAA" });
    expect((await loadCachedNote(db, session, original.id))?.note.cek).toEqual(original.cek);
    // An older cache without it: the server's wrap does, as before.
    const { localCek: _, ...older } = cached as NonNullable<typeof cached>;
    await db.put("notes", older);
    expect((await loadCachedNote(db, session, original.id))?.note.cek).toEqual(original.cek);
    // Another account's device key opens nothing of it.
    await db.put("notes", { ...older, localCek: cached?.localCek, sealedCek: "AAAA" });
    const other = { ...session, masterKey: new Uint8Array(32).fill(7) };
    await expect(loadCachedNote(db, other, original.id)).rejects.toThrow();
  });

  it("attack 6: keeps the writers' clocks a later compaction is judged against", async () => {
    const db = await freshDb();
    const session = await testSession();
    const original = { ...(await note("held")), heldClocks: new Map([[42, 9]]) };
    await cacheNotes(db, session, [original]);
    const [restored] = await loadCachedNotes(db, session);
    expect(restored?.heldClocks).toEqual(new Map([[42, 9]]));
  });

  it("keeps the member count and wrap, and the keys held before a rotation", async () => {
    const db = await freshDb();
    const session = await testSession();
    const plain = await note("shared");
    // As from the server: the content key sealed to this account's public key.
    const wrappedCek = sealCek(await loadSodium(), plain.cek, session.keyPair.publicKey);
    const original = { ...plain, wrappedCek };
    const former = generateKey(await loadSodium());
    session.keyring = new ContentKeyring();
    session.keyring.remember(original.id, former);
    session.keyring.remember(original.id, original.cek);
    await cacheNotes(db, session, [original], new Map([[original.id, 2]]));
    const { notes, memberCounts } = await loadCache(db, session);
    expect(memberCounts.get(original.id)).toBe(2);
    expect(notes[0]?.wrappedCek).toBe(wrappedCek);
    expect(notes[0]?.cek).toEqual(plain.cek);
    expect(notes[0]?.formerCeks).toEqual([former]);
  });

  it("holds only ciphertext", async () => {
    const db = await freshDb();
    const session = await testSession();
    await cacheNotes(db, session, [await note("canary-7f3a")]);
    const stored = JSON.stringify(await db.getAll("notes"));
    expect(stored).not.toContain("canary");
    expect(stored).not.toContain("Groceries");
  });

  it("opens every cached note once, in batches, past the read batch of 500", async () => {
    const db = await freshDb();
    const session = await testSession();
    const notes = await Promise.all(Array.from({ length: 501 }, (_, i) => note(`n${i}`)));
    await cacheNotes(db, session, notes);
    const seen: string[] = [];
    let batches = 0;
    await openCacheInSlices(db, session, (batch) => {
      batches += 1;
      for (const { note: n } of batch) seen.push(n.id);
    });
    expect(seen.sort()).toEqual(notes.map((n) => n.id).sort());
    expect(batches).toBeGreaterThanOrEqual(1);
    const one = await loadCachedNote(db, session, notes[7]?.id ?? "");
    expect(one && readText(one.note.doc)).toBe("n7");
    expect(await loadCachedNote(db, session, crypto.randomUUID())).toBeUndefined();
  }, 60_000);

  it("issue 33: a reload holds the cached key again, so an own note refuses a swapped wrap across a compaction gap", async () => {
    const sodium = await loadSodium();
    const db = await freshDb();
    const before = { ...(await testSession()), keyring: new ContentKeyring() };
    const original = await note("mine alone");
    original.wrappedCek = sealCek(sodium, original.cek, before.keyPair.publicKey);
    await cacheNotes(db, before, [original]);

    // A reload: a fresh keyring (a note that never rotated has no stored ring entry).
    const session = { ...(await testSession()), keyring: new ContentKeyring() };
    const [restored] = await loadCachedNotes(db, session);
    if (!restored) throw new Error("not restored");
    expect(session.keyring.keys(original.id)).toEqual([original.cek]);

    // The server compacted past the cached version under a key of its own, wrapped
    // unsigned to this account, never shared (memberCount 1, epoch 0).
    const theirs = generateKey(sodium);
    const doc = new Y.Doc();
    writeText(doc, "the server's text");
    const swapped: NoteState = {
      id: original.id,
      deleted: false,
      memberCount: 1,
      role: "owner",
      seq: 9,
      snapshot: sealEnvelope(sodium, theirs, original.id, Y.encodeStateAsUpdate(doc)),
      snapshotVersion: 10,
      updatedAt: new Date(9_000).toISOString(),
      updates: [],
      version: 10,
      metadata: sealMetadata(sodium, theirs, original.id, { title: "Theirs", tags: [] }),
      wrappedCek: sealCek(sodium, theirs, session.keyPair.publicKey),
    };
    const api = {
      call: async (path: string) => {
        if (path === "notes.changes")
          return { changes: [swapped], nextPageToken: "", nextSyncToken: "t9" };
        throw new TypeError("offline");
      },
    } as unknown as ApiClient;
    const engine = new SyncEngine(api, session);
    engine.track(restored);

    const result = await engine.syncOnce();

    const held = engine.note(original.id);
    expect(held?.cek).toEqual(original.cek);
    expect(readText(held?.doc ?? new Y.Doc())).toBe("mine alone");
    expect(held?.metadata.title).toBe("Groceries");
    expect(result.notOpened).toEqual([
      expect.objectContaining({ noteId: original.id, held: true }),
    ]);
    expect(session.keyring.keys(original.id)).toEqual([original.cek]);
  });

  it("reads the notes asked for by id, and only those cached, in one go (issue 35)", async () => {
    const db = await freshDb();
    const session = await testSession();
    const [a, b, c] = [await note("alpha"), await note("bravo"), await note("charlie")];
    await cacheNotes(db, session, [a, b, c], new Map([[b.id, 3]]));

    const read = await loadCachedNotesById(db, session, [c.id, crypto.randomUUID(), b.id]);

    expect(read.map(({ note: n }) => n.id)).toEqual([c.id, b.id]);
    expect(read.map(({ memberCount }) => memberCount)).toEqual([undefined, 3]);
    expect(read.map(({ note: n }) => readText(n.doc))).toEqual(["charlie", "bravo"]);
  });

  it("names the notes cached since a time (what a reload re-reads past its list snapshot)", async () => {
    const db = await freshDb();
    const session = await testSession();
    const old = await note("written before the snapshot");
    await cacheNotes(db, session, [old]);
    const covers = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await note("written after it");
    await cacheNotes(db, session, [fresh]);
    expect(await cachedSince(db, covers)).toEqual([fresh.id]);
    // Cached again (edited): it is newer than the snapshot too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cacheNotes(db, session, [old]);
    expect((await cachedSince(db, covers)).sort()).toEqual([fresh.id, old.id].sort());
  });
});
