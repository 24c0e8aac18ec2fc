import "fake-indexeddb/auto";
import type { OpenNote } from "@notes/client";
import { generateKey, loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { ListSaver } from "./list-saver";
import { openSavedHead } from "./list-snapshot";
import type { LocalDb } from "./local-db";
import { localKey } from "./local-seal";
import { cachedSince, cacheNotes } from "./note-cache";
import { freshDb, testSession } from "./test-session";

const session = await testSession();
const key = await localKey(session, "list");

async function cached(db: LocalDb, title: string): Promise<OpenNote> {
  const note: OpenNote = {
    id: crypto.randomUUID(),
    doc: new Y.Doc(),
    cek: generateKey(await loadSodium()),
    version: 1,
    snapshotVersion: 0,
    metadata: { title, tags: [] },
    role: "owner",
  };
  await cacheNotes(db, session, [note]);
  return note;
}

/** What a reload would read from the cache beside the snapshot stored. */
async function reloadReads(db: LocalDb): Promise<string[]> {
  return cachedSince(db, (await openSavedHead(db, session))?.covers ?? 0);
}

const later = () => Date.now() + 60_000;

describe("a tab's list saver", () => {
  it("never says it covers a cached note it does not list (another tab's)", async () => {
    const db = await freshDb();
    const elsewhere = await cached(db, "Made in another tab");
    const mine = await cached(db, "Mine");
    await new ListSaver(db).save(key, [{ id: mine.id }], later());
    expect(await reloadReads(db)).toContain(elsewhere.id);
  });

  it("lets notes set aside on purpose not hold the time back", async () => {
    const db = await freshDb();
    const aside = await cached(db, "Set aside");
    const covers = later();
    await new ListSaver(db).save(key, [], covers, [aside.id]);
    expect((await openSavedHead(db, session))?.covers).toBe(covers);
  });

  it("says a snapshot covers more only while it is its own, and only what it lists", async () => {
    const db = await freshDb();
    const note = await cached(db, "Listed by both");
    const [mine, theirs] = [new ListSaver(db), new ListSaver(db)];
    await mine.save(key, [{ id: note.id }], 1_000);
    expect(await mine.cover(2_000)).toBe(true);
    expect((await openSavedHead(db, session))?.covers).toBe(2_000);
    // A note cached since, which this tab's list lacks: the time stops before it.
    const since = await cached(db, "Cached after the save");
    await mine.cover(later());
    expect(await reloadReads(db)).toContain(since.id);
    // Another tab's snapshot is stored now: this tab says nothing of it.
    await theirs.save(key, [{ id: note.id }, { id: since.id }], 3_000);
    expect(await mine.cover(later())).toBe(false);
    expect((await openSavedHead(db, session))?.covers).toBe(3_000);
  });
});
