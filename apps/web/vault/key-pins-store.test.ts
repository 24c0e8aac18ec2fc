import "fake-indexeddb/auto";
import {
  acceptKeyChange,
  exportKeyPins,
  MemoryKeyPins,
  rememberKeyPinGenerations,
  seenKeyPinGenerations,
} from "@notes/client";
import { loadSodium } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import { keyLogChecker, TestKeyLog } from "../../../packages/client/test/support/key-log";
import { keepKeyPins } from "./key-pins-store";
import { freshDb, testSession } from "./test-session";

const ALICE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const BOB = "b0444840-9dc0-11d1-b245-5ffdce74fad2";
const key = (n: number) => new Uint8Array(32).fill(n);

describe("key pins store", () => {
  it("keeps pinned keys across a reload, sealed under the master key, one record a shard", async () => {
    const db = await freshDb();
    const before = await testSession();
    const stop = await keepKeyPins(db, before);
    before.keyPins?.set({ userId: ALICE, publicKey: key(7), verified: true });
    // Saved after a short pause: wait for the write itself, not for a clock.
    const stored = await vi.waitFor(async () => {
      const value = await db.get("meta", "keyPins/125");
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
    // Accepted only once the key-transparency log holds the new key (issue 34).
    const log = new TestKeyLog();
    const kt = keyLogChecker([{ userId: ALICE, publicKey: key(1) }], log);
    log.publish(ALICE, { publicKey: key(2) });
    await acceptKeyChange(pins, ALICE, key(2), undefined, kt);
    // Whatever the timing of the saves, a reload ends up with the confirmed key.
    await vi.waitFor(async () => {
      const after = await testSession();
      (await keepKeyPins(db, after))();
      expect(after.keyPins?.get(ALICE)?.publicKey).toEqual(key(2));
    });
    stop();
  });

  it("rewrites the single sealed copy of before shards as shards", async () => {
    const db = await freshDb();
    const session = await testSession();
    const older = new MemoryKeyPins([
      { userId: ALICE, publicKey: key(3), verified: true },
      { userId: BOB, publicKey: key(4), verified: false },
    ]);
    await db.put("meta", exportKeyPins(await loadSodium(), session.masterKey, older), "keyPins");
    (await keepKeyPins(db, session))();
    await vi.waitFor(async () => expect(await db.get("meta", "keyPins")).toBeUndefined());
    expect((await db.getAllKeys("meta")).sort()).toEqual(["keyPins/125", "keyPins/176"]);
    const after = await testSession();
    (await keepKeyPins(db, after))();
    expect(after.keyPins?.all()).toHaveLength(2);
  });

  it("keeps the generations this device saw, so a reload still refuses an older copy", async () => {
    const db = await freshDb();
    const session = await testSession();
    const stop = await keepKeyPins(db, session);
    rememberKeyPinGenerations(session.keyPins as MemoryKeyPins, { "125": 4 });
    await vi.waitFor(async () => expect(await db.get("meta", "keyPinGenerations")).toBeDefined());
    stop();
    const after = await testSession();
    (await keepKeyPins(db, after))();
    expect(seenKeyPinGenerations(after.keyPins as MemoryKeyPins)).toEqual({ "125": 4 });
  });

  it("trusts nothing it cannot open (another account's store, or a damaged one)", async () => {
    const db = await freshDb();
    await db.put("meta", "not a sealed store", "keyPins");
    await db.put("meta", "not a sealed shard", "keyPins/7");
    const session = await testSession();
    (await keepKeyPins(db, session))();
    expect(session.keyPins?.all()).toEqual([]);
  });
});
