import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { keepSeenStates } from "./seen-states-store";
import { freshDb, testSession } from "./test-session";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";

describe("seen states store", () => {
  it("attack 5: keeps what this browser saw of each note across a reload, sealed", async () => {
    const db = await freshDb();
    const before = await testSession();
    const stop = await keepSeenStates(db, before);
    before.seenStates?.set({ noteId: NOTE, version: 7, snapshotVersion: 4, updateDigest: "AA==" });
    const stored = await vi.waitFor(async () => {
      const value = await db.get("meta", "seenStates");
      if (!value) throw new Error("not saved yet");
      return value;
    }, 5_000);
    stop();
    expect(stored).not.toContain(NOTE);

    const after = await testSession();
    (await keepSeenStates(db, after))();
    expect(after.seenStates?.get(NOTE)).toEqual({
      noteId: NOTE,
      version: 7,
      snapshotVersion: 4,
      updateDigest: "AA==",
    });
  });

  it("starts afresh from a store it cannot open", async () => {
    const db = await freshDb();
    await db.put("meta", "not a sealed store", "seenStates");
    const session = await testSession();
    (await keepSeenStates(db, session))();
    expect(session.seenStates?.all()).toEqual([]);
  });
});
