import "fake-indexeddb/auto";
import type { SyncEngine } from "@notes/client";
import { describe, expect, it } from "vitest";
import {
  HEAD_ROWS,
  inSavedOrder,
  LIST_HEAD_KEY,
  LIST_SNAPSHOT_KEY,
  loadListSnapshot,
  openSavedHead,
  openSavedList,
} from "./list-snapshot";
import { NoteIndex } from "./note-index";
import { NotebookList } from "./notebook-list";
import { freshDb, saveList, testSession } from "./test-session";
import type { NoteListItem } from "./vault-state";

const notes: NoteListItem[] = [
  {
    id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    title: "Canary title 7f3a",
    tags: ["secret-tag"],
    role: "owner",
    shared: false,
    updatedAt: "2026-11-20T10:00:00.000Z",
  },
];

describe("list snapshot", () => {
  it("is saved newest first, the trash after, and reopens as the same sorted index", async () => {
    const db = await freshDb();
    const session = await testSession();
    const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T00:00:00.000Z`;
    const index = new NoteIndex();
    index.apply([
      { id: "old", title: "Old", tags: [], role: "owner", shared: false, updatedAt: at(1) },
      { id: "bin", title: "Bin", tags: [], role: "owner", shared: false, trashedAt: at(9) },
      { id: "new", title: "New", tags: [], role: "owner", shared: false, updatedAt: at(5) },
    ]);
    const saved = inSavedOrder(index);
    expect(saved.map((n) => n.id)).toEqual(["new", "old", "bin"]);
    await saveList(db, session, saved, 0);
    const reopened = await openSavedList(db, session);
    expect(reopened?.ordered("notes", "edited").map((n) => n.id)).toEqual(["new", "old"]);
    expect(reopened?.trashed).toBe(1);
    expect(await openSavedList(await freshDb(), session)).toBeUndefined();
  });

  it("is read with the covers saved with it, whichever save lands first", async () => {
    const db = await freshDb();
    const session = await testSession();
    const older = notes.map((n) => ({ ...n, id: "older" }));
    await saveList(db, session, older, 1_000);
    // A reload reading while another tab saves: each pair read is one save's, whole.
    const after = async (steps: number) => {
      for (let step = 0; step < steps; step++) await new Promise((go) => setImmediate(go));
    };
    for (let round = 0; round < 30; round++) {
      const [shown] = await Promise.all([
        after(round % 15).then(() => openSavedHead(db, session)),
        saveList(db, session, round % 2 ? older : notes, round % 2 ? 1_000 : 2_000),
      ]);
      const ids = shown?.index.ordered("notes", "edited").map((n) => n.id);
      expect(shown?.covers).toBe(ids?.[0] === "older" ? 1_000 : 2_000);
    }
  });

  it("comes back as it was saved, sealed at rest", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveList(db, session, notes, 0);
    expect(await loadListSnapshot(db, session)).toEqual(notes);
    const stored = JSON.stringify(await db.getAll("meta"));
    expect(stored).not.toContain("Canary");
    expect(stored).not.toContain("secret-tag");
  });

  it("opens for nobody else: another master key reads nothing", async () => {
    const db = await freshDb();
    await saveList(db, await testSession(), notes, 0);
    const other = { ...(await testSession("bob")), masterKey: new Uint8Array(32).fill(9) };
    expect(await loadListSnapshot(db, other)).toBeUndefined();
  });

  it("is absent until saved, and a damaged one reads as absent", async () => {
    const db = await freshDb();
    const session = await testSession();
    expect(await loadListSnapshot(db, session)).toBeUndefined();
    await db.put("meta", "bm90IGEgc2VhbGVkIGJsb2I=", "listSnapshot");
    expect(await loadListSnapshot(db, session)).toBeUndefined();
  });

  it("keeps its first screen beside it: a reload opens those rows first, and says whether they are all", async () => {
    const db = await freshDb();
    const session = await testSession();
    const many = rows(HEAD_ROWS + 50);
    await saveList(db, session, many, 0);
    const first = await openSavedHead(db, session);
    expect(first?.complete).toBe(false);
    expect(first?.index.ordered("notes", "edited").map((n) => n.id)).toEqual(
      many.slice(0, HEAD_ROWS).map((n) => n.id),
    );
    expect((await openSavedList(db, session))?.size).toBe(HEAD_ROWS + 50);
    const few = rows(3);
    await saveList(db, session, few, 0);
    const whole = await openSavedHead(db, session);
    expect(whole?.complete).toBe(true);
    expect(whole?.index.size).toBe(3);
    expect(JSON.stringify(await db.get("meta", LIST_HEAD_KEY))).not.toContain("Row 1");
  });

  it("reads neither record as the other, and without a first screen opens the whole list", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveList(db, session, rows(HEAD_ROWS + 1), 0);
    const head = (await db.get("meta", LIST_HEAD_KEY)) ?? "";
    const whole = (await db.get("meta", LIST_SNAPSHOT_KEY)) ?? "";
    // A first screen stored as the whole list is no list at all.
    await db.put("meta", head, LIST_SNAPSHOT_KEY);
    expect(await loadListSnapshot(db, session)).toBeUndefined();
    // The whole list stored as the first screen (or a list saved before first screens
    // were): the whole list is opened instead, complete.
    await db.put("meta", whole, LIST_SNAPSHOT_KEY);
    await db.put("meta", whole, LIST_HEAD_KEY);
    expect(await openSavedHead(db, session)).toMatchObject({ complete: true });
    await db.delete("meta", LIST_HEAD_KEY);
    expect((await openSavedHead(db, session))?.index.size).toBe(HEAD_ROWS + 1);
  });

  it("after a first screen, lists the rest; when the rest does not open, reads the cache instead", async () => {
    const db = await freshDb();
    const session = await testSession();
    const many = rows(HEAD_ROWS + 20);
    await saveList(db, session, many, 0);
    const engine = { held: () => [].values(), note: () => undefined } as unknown as SyncEngine;
    const listOf = () =>
      new NotebookList(engine, new Map(), db, session, { set: () => undefined }, undefined);
    const list = listOf();
    list.showSaved(await openSavedHead(db, session));
    expect(list.size).toBe(HEAD_ROWS);
    await list.showRestOfSaved(() => openSavedList(db, session));
    expect(list.size).toBe(HEAD_ROWS + 20);
    expect(list.fillsFromCache).toBe(false);
    const broken = listOf();
    broken.showSaved(await openSavedHead(db, session));
    await broken.showRestOfSaved(async () => undefined);
    expect(broken.fillsFromCache).toBe(true);
    list.stop();
    broken.stop();
  });
});

/** `count` rows, newest first (the order a snapshot is saved in). */
function rows(count: number): NoteListItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    title: `Row ${i}`,
    tags: [],
    role: "owner" as const,
    shared: false,
    updatedAt: new Date(Date.UTC(2026, 10, 20) - i * 60_000).toISOString(),
  }));
}
