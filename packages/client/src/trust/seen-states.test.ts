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
});
