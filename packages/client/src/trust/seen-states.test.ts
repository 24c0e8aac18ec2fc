// The seen-state digest against vectors from an independent BLAKE2b (Python's hashlib,
// digest_size=32), and the stored form read back.
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { MemorySeenStates, parseSeenStates, updateDigest } from "./seen-states";

const sodium = await loadSodium();

describe("seen states", () => {
  it("digests an update envelope's decoded bytes with BLAKE2b-256 (known answers)", () => {
    // bytes 0x00 … 0x1f
    expect(updateDigest(sodium, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")).toBe(
      "yy9RYPwffgWlXvSdNAtI2i5aeAmdUzkzUc1XndQlA9Y=",
    );
    expect(updateDigest(sodium, "")).toBe("DldRwCblQ7Loqy6wYJnaodHl30d3j3eH+qtFzfEv46g=");
  });

  it("reads back what it stored and skips entries of another shape", () => {
    const store = new MemorySeenStates();
    store.set({ noteId: "7D444840-9DC0-11D1-B245-5FFDCE74FAD2", version: 4, snapshotVersion: 2 });
    const json = JSON.stringify([...store.all(), { noteId: 1 }, { noteId: "x", version: "2" }]);
    expect(parseSeenStates(json)).toEqual([
      { noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2", version: 4, snapshotVersion: 2 },
    ]);
  });

  it("reads entries stored before items 3 and 6 as they were, and the new members when well formed", () => {
    const before = '[{"noteId":"a","version":4,"snapshotVersion":2,"updateDigest":"d"}]';
    expect(parseSeenStates(before)).toEqual([
      { noteId: "a", version: 4, snapshotVersion: 2, updateDigest: "d" },
    ]);
    const now = {
      noteId: "b",
      version: 1,
      snapshotVersion: 0,
      metadataRev: 3,
      metadataDigest: "m",
      metadataReplaced: ["x", "y", "z", "w"],
      ownerId: "00000000-0000-4000-8000-0000000000D0",
      left: { at: "2026-01-01T00:00:00.000Z", confirmed: false, reason: "unsigned" },
    };
    const [read] = parseSeenStates(JSON.stringify([now]));
    expect(read).toEqual({
      ...now,
      metadataReplaced: ["x", "y", "z"],
      ownerId: "00000000-0000-4000-8000-0000000000d0",
    });
    const odd = { noteId: "c", version: 1, snapshotVersion: 0, metadataRev: "3", left: { at: 1 } };
    expect(parseSeenStates(JSON.stringify([odd]))).toEqual([
      { noteId: "c", version: 1, snapshotVersion: 0 },
    ]);
  });

  it("keeps at most maxLeft notes that left, dropping the oldest departures, never a live note", () => {
    const left = (n: number) => ({
      noteId: `gone-${n}`,
      version: n,
      snapshotVersion: 0,
      left: { at: new Date(n * 1000).toISOString(), confirmed: true },
    });
    const store = new MemorySeenStates([{ noteId: "live", version: 9, snapshotVersion: 9 }], 3);
    for (let n = 1; n <= 5; n++) store.set(left(n));
    expect(
      store
        .all()
        .map((s) => s.noteId)
        .sort(),
    ).toEqual(["gone-3", "gone-4", "gone-5", "live"]);
    const restored = new MemorySeenStates([...store.all(), left(0)], 3);
    expect(restored.get("gone-0")).toBeUndefined();
    expect(restored.get("live")).toMatchObject({ version: 9 });
  });
});
