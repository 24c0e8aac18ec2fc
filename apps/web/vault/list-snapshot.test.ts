import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { inSavedOrder, loadListSnapshot, openSavedList, saveListSnapshot } from "./list-snapshot";
import { NoteIndex } from "./note-index";
import { freshDb, testSession } from "./test-session";
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
    await saveListSnapshot(db, session, saved, 0);
    const reopened = await openSavedList(db, session);
    expect(reopened?.ordered("notes", "edited").map((n) => n.id)).toEqual(["new", "old"]);
    expect(reopened?.trashed).toBe(1);
    expect(await openSavedList(await freshDb(), session)).toBeUndefined();
  });

  it("comes back as it was saved, sealed at rest", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveListSnapshot(db, session, notes, 0);
    expect(await loadListSnapshot(db, session)).toEqual(notes);
    const stored = JSON.stringify(await db.getAll("meta"));
    expect(stored).not.toContain("Canary");
    expect(stored).not.toContain("secret-tag");
  });

  it("opens for nobody else: another master key reads nothing", async () => {
    const db = await freshDb();
    await saveListSnapshot(db, await testSession(), notes, 0);
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
});
