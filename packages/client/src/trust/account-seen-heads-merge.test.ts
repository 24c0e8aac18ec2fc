// Merging the account's seen heads (docs/client-crypto.md, "The account's seen heads"):
// per note the highest of each field, a deletion that stays, and a device raised to
// heads without ever lowering what it knew.
import { describe, expect, it } from "vitest";
import { mergeHeads, raiseSeenStates } from "./account-seen-heads-merge";
import { MemorySeenStates, type SeenState } from "./seen-states";

const A = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
const B = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const AT = "2026-11-28T10:00:00.000Z";

describe("merging seen heads", () => {
  it("takes per note the highest version, snapshot version and revision; a deletion stays", () => {
    const laptop: SeenState[] = [
      { noteId: B, version: 9, snapshotVersion: 2, metadataRev: 1 },
      { noteId: A, version: 3, snapshotVersion: 0, left: { at: AT, confirmed: true } },
    ];
    const phone: SeenState[] = [
      { noteId: B.toUpperCase(), version: 7, snapshotVersion: 5, metadataRev: 4 },
      { noteId: A, version: 4, snapshotVersion: 1 },
    ];
    expect(mergeHeads(laptop, phone)).toEqual([
      { noteId: A, version: 4, snapshotVersion: 1, left: { at: AT, confirmed: true } },
      { noteId: B, version: 9, snapshotVersion: 5, metadataRev: 4 },
    ]);
    expect(mergeHeads(phone, laptop)).toEqual(mergeHeads(laptop, phone));
  });

  it("carries only what a head holds: no digests, owners or unconfirmed departures", () => {
    const [head] = mergeHeads([
      {
        noteId: A,
        version: 2,
        snapshotVersion: 1,
        updateDigest: "AAAA",
        ownerId: B,
        left: { at: AT, confirmed: false, reason: "unsigned" },
      },
    ]);
    expect(head).toEqual({ noteId: A, version: 2, snapshotVersion: 1 });
  });

  it("raises a device's seen states without lowering any, dropping digests a raise outdates", () => {
    const store = new MemorySeenStates([
      {
        noteId: A,
        version: 5,
        snapshotVersion: 3,
        updateDigest: "kept",
        metadataRev: 2,
        metadataDigest: "old",
        ownerId: B,
      },
    ]);
    const raised = raiseSeenStates(store, [
      { noteId: A, version: 4, snapshotVersion: 4, metadataRev: 6 },
      { noteId: B, version: 1, snapshotVersion: 0, left: { at: AT, confirmed: true } },
    ]);
    expect(raised).toEqual([A, B]);
    expect(store.get(A)).toEqual({
      noteId: A,
      version: 5,
      snapshotVersion: 4,
      updateDigest: "kept",
      metadataRev: 6,
      ownerId: B,
    });
    expect(store.get(B)?.left).toEqual({ at: AT, confirmed: true });
    // The same heads again change nothing.
    expect(raiseSeenStates(store, [{ noteId: A, version: 5, snapshotVersion: 4 }])).toEqual([]);
    const higher = raiseSeenStates(store, [{ noteId: A, version: 8, snapshotVersion: 4 }]);
    expect(higher).toEqual([A]);
    expect(store.get(A)?.updateDigest).toBeUndefined();
  });
});
