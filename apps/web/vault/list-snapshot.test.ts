import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { loadListSnapshot, saveListSnapshot } from "./list-snapshot";
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
  it("comes back as it was saved, sealed at rest", async () => {
    const db = await freshDb();
    const session = await testSession();
    await saveListSnapshot(db, session, notes);
    expect(await loadListSnapshot(db, session)).toEqual(notes);
    const stored = JSON.stringify(await db.getAll("meta"));
    expect(stored).not.toContain("Canary");
    expect(stored).not.toContain("secret-tag");
  });

  it("opens for nobody else: another master key reads nothing", async () => {
    const db = await freshDb();
    await saveListSnapshot(db, await testSession(), notes);
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
