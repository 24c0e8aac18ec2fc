import "fake-indexeddb/auto";
import { acceptKeyChange, type MemoryKeyPins } from "@notes/client";
import { describe, expect, it, vi } from "vitest";
import { keepKeyPins } from "./key-pins-store";
import { freshDb, testSession } from "./test-session";

const ALICE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const key = (n: number) => new Uint8Array(32).fill(n);

describe("key pins store", () => {
  it("keeps pinned keys across a reload, sealed under the master key", async () => {
    const db = await freshDb();
    const before = await testSession();
    const stop = await keepKeyPins(db, before);
    before.keyPins?.set({ userId: ALICE, publicKey: key(7), verified: true });
    // Saved after a short pause: wait for the write itself, not for a clock.
    const stored = await vi.waitFor(async () => {
      const value = await db.get("meta", "keyPins");
      if (!value) throw new Error("not saved yet");
      return value;
    });
    stop();
    expect(stored).not.toContain(ALICE);

    const after = await testSession();
    (await keepKeyPins(db, after))();
    expect(after.keyPins?.get(ALICE)).toEqual({ userId: ALICE, publicKey: key(7), verified: true });
  });

  it("keeps a confirmed key change", async () => {
    const db = await freshDb();
    const session = await testSession();
    const stop = await keepKeyPins(db, session);
    const pins = session.keyPins as MemoryKeyPins;
    pins.set({ userId: ALICE, publicKey: key(1), verified: false });
    acceptKeyChange(pins, ALICE, key(2));
    // Whatever the timing of the saves, a reload ends up with the confirmed key.
    await vi.waitFor(async () => {
      const after = await testSession();
      (await keepKeyPins(db, after))();
      expect(after.keyPins?.get(ALICE)?.publicKey).toEqual(key(2));
    });
    stop();
  });

  it("trusts nothing it cannot open (another account's store, or a damaged one)", async () => {
    const db = await freshDb();
    await db.put("meta", "not a sealed store", "keyPins");
    const session = await testSession();
    (await keepKeyPins(db, session))();
    expect(session.keyPins?.all()).toEqual([]);
  });
});
