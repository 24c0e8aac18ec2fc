// Pins sealed under the master key come back on another device; merging adds new
// people and verifications but never swaps a pinned key: that is reported instead.
import { DecryptionFailed, loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { MemoryKeyPins } from "./key-pins";
import { exportKeyPins, importKeyPins } from "./key-pins-storage";

const sodium = await loadSodium();
const MASTER_KEY = new Uint8Array(32).fill(2);
const BOB = "00000000-0000-4000-8000-00000000000b";
const CAROL = "00000000-0000-4000-8000-00000000000c";
const key = (fill: number) => new Uint8Array(32).fill(fill);

describe("exportKeyPins / importKeyPins", () => {
  it("carries pins to another device under the same master key only", () => {
    const pins = new MemoryKeyPins([{ userId: BOB, publicKey: key(5), verified: true }]);
    const sealed = exportKeyPins(sodium, MASTER_KEY, pins);
    const elsewhere = new MemoryKeyPins();
    expect(importKeyPins(sodium, MASTER_KEY, sealed, elsewhere)).toEqual([]);
    expect(elsewhere.all()).toEqual(pins.all());
    expect(() => importKeyPins(sodium, key(9), sealed, new MemoryKeyPins())).toThrow(
      DecryptionFailed,
    );
  });

  it("merges verifications, and keeps the local key when the devices disagree", () => {
    const here = new MemoryKeyPins([
      { userId: BOB, publicKey: key(5), verified: false },
      { userId: CAROL, publicKey: key(6), verified: false },
    ]);
    const there = new MemoryKeyPins([
      { userId: BOB, publicKey: key(5), verified: true },
      { userId: CAROL, publicKey: key(66), verified: true },
    ]);
    const conflicts = importKeyPins(
      sodium,
      MASTER_KEY,
      exportKeyPins(sodium, MASTER_KEY, there),
      here,
    );
    expect(conflicts).toEqual([{ userId: CAROL, kept: key(6), other: key(66) }]);
    expect(here.get(BOB)?.verified).toBe(true);
    expect(here.get(CAROL)).toEqual({ userId: CAROL, publicKey: key(6), verified: false });
  });
});
