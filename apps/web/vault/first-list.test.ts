import "fake-indexeddb/auto";
import type { OpenNote, SyncEngine } from "@notes/client";
import { generateKey, loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type FirstListHost, listCache, listChangedSince } from "./first-list";
import { openSavedHead } from "./list-snapshot";
import type { LocalDb } from "./local-db";
import { cacheNotes } from "./note-cache";
import type { NotebookList } from "./notebook-list";
import { freshDb, saveList, testSession } from "./test-session";

async function note(title: string): Promise<OpenNote> {
  return {
    id: crypto.randomUUID(),
    doc: new Y.Doc(),
    cek: generateKey(await loadSodium()),
    version: 2,
    snapshotVersion: 0,
    metadata: { title, tags: [] },
    role: "owner",
  };
}

/** A first list's host whose engine holds `held`, and what it listed. */
async function host(db: LocalDb, held: OpenNote[], savedCovers?: number) {
  const listed: string[][] = [];
  const byId = new Map(held.map((n) => [n.id, n]));
  const from: FirstListHost = {
    api: {} as FirstListHost["api"],
    db,
    session: await testSession(),
    engine: { synced: false, note: (id: string) => byId.get(id) } as unknown as SyncEngine,
    list: {
      filling: (notes: readonly OpenNote[]) => listed.push(notes.map((n) => n.metadata.title)),
      filled: () => undefined,
      savedCovers,
    } as unknown as NotebookList,
    host: { set: () => undefined, state: () => ({}) as never },
    memberCounts: new Map(),
    indexTitles: () => undefined,
    aside: () => undefined,
    stopped: () => false,
  };
  return { from, titles: () => listed.flat().sort() };
}

describe("the first list", () => {
  it("lists a note opened while the cache is read as it is held, not leaving its older row", async () => {
    const db = await freshDb();
    const session = await testSession();
    const [edited, other] = [await note("Before"), await note("Other")];
    const covers = Date.now() - 1_000;
    await cacheNotes(db, session, [edited, other]);
    // The note in the address, opened from the cache before the list reads it, and
    // changed since (a sync page, an edit): the engine's copy is the newer.
    const opened = { ...edited, metadata: { title: "After", tags: [] } };
    const { from, titles } = await host(db, [opened], covers);
    await listChangedSince(from);
    expect(titles()).toEqual(["After", "Other"]);
  });

  it("reads the cache into the list the same way when no snapshot was saved", async () => {
    const db = await freshDb();
    const session = await testSession();
    const [edited, other] = [await note("Before"), await note("Other")];
    await cacheNotes(db, session, [edited, other]);
    const opened = { ...edited, metadata: { title: "After", tags: [] } };
    const { from, titles } = await host(db, [opened]);
    await listCache(from);
    expect(titles()).toEqual(["After", "Other"]);
  });
  it("goes by what the snapshot shown covers, not by what a later save says", async () => {
    const db = await freshDb();
    const session = await testSession();
    const early = await note("Cached before the second save");
    await saveList(db, session, [], Date.now() - 5_000);
    await cacheNotes(db, session, [early]);
    // A reload opens the snapshot that lacks the note…
    const shown = await openSavedHead(db, session);
    expect(shown?.index.size).toBe(0);
    // …and before its list is brought level, another tab saves one that covers the note.
    const row = { id: early.id, title: "x", tags: [], role: "owner" as const, shared: false };
    await saveList(db, session, [row], Date.now() + 5_000);
    const { from, titles } = await host(db, [], shown?.covers);
    await listChangedSince(from);
    expect(titles()).toEqual(["Cached before the second save"]);
  });

  it("reads every cached note when the snapshot says nothing of what it covers", async () => {
    const db = await freshDb();
    const session = await testSession();
    await cacheNotes(db, session, [await note("One"), await note("Two")]);
    const { from, titles } = await host(db, []);
    await listChangedSince(from); // no covers stored: a first save cut short
    expect(titles()).toEqual(["One", "Two"]);
  });

  it("keeps a member count the sync has seen over the cache's older one", async () => {
    const db = await freshDb();
    const session = await testSession();
    const shared = await note("Shared");
    await cacheNotes(db, session, [shared], new Map([[shared.id, 1]]));
    const { from } = await host(db, []);
    from.memberCounts.set(shared.id, 3);
    await listCache(from);
    expect(from.memberCounts.get(shared.id)).toBe(3);
  });
});
