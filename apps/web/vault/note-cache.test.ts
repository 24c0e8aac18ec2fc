import "fake-indexeddb/auto";
import type { OpenNote } from "@notes/client";
import { ContentKeyring, readText, writeText } from "@notes/client";
import { generateKey, loadSodium, sealCek } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  cacheNotes,
  loadCache,
  loadCachedNote,
  loadCachedNotes,
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
});
