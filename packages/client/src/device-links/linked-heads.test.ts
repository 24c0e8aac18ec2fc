// The seen heads a device-link seal carries (issue 33, item 12) against their known answer
// (linked-heads-vector.json, laid out by hand in linked-heads-vector.mjs).
import { describe, expect, it } from "vitest";
import { mergeHeads } from "../trust/account-seen-heads-merge";
import type { SeenState } from "../trust/seen-states";
import {
  decodeLinkedHeads,
  encodeHeadBytes,
  encodeLinkedHeads,
  HEAD_BYTES,
  MAX_LINKED_HEADS,
  mostWritten,
} from "./linked-heads";
import vector from "./linked-heads-vector.json";

const AT = "2026-11-28T10:00:00.000Z";

const states: SeenState[] = vector.heads.map((h) => ({
  noteId: h.noteId,
  version: h.version,
  snapshotVersion: h.snapshotVersion,
  ...(h.metadataRev > 0 && { metadataRev: h.metadataRev }),
  ...(h.deleted && { left: { at: AT, confirmed: true } }),
}));

describe("seen heads in the device-link seal", () => {
  it("reproduces the vector: 29 bytes a note, sorted by note id, and reads it back", () => {
    expect(encodeLinkedHeads(states)).toBe(vector.base64);
    expect(Buffer.from(vector.base64, "base64").toString("hex")).toBe(vector.hex);
    expect(decodeLinkedHeads(vector.base64, AT)).toEqual(
      [...states].sort((a, b) => (a.noteId < b.noteId ? -1 : 1)),
    );
  });

  it("leaves out what a head does not carry: update digests, owners, a departure the owner did not sign", () => {
    const [head] = decodeLinkedHeads(
      encodeLinkedHeads([
        {
          noteId: vector.heads[0]?.noteId ?? "",
          version: 5,
          snapshotVersion: 2,
          updateDigest: "AAAA",
          ownerId: "00000000-0000-4000-8000-0000000000a1",
          left: { at: AT, confirmed: false, reason: "unsigned" },
        },
      ]),
      AT,
    );
    expect(head).toEqual({ noteId: vector.heads[0]?.noteId, version: 5, snapshotVersion: 2 });
  });

  it("carries at most MAX_LINKED_HEADS, the most written notes first, and refuses a partial head", () => {
    const many: SeenState[] = Array.from({ length: MAX_LINKED_HEADS + 1 }, (_, i) => ({
      noteId: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
      version: i + 1,
      snapshotVersion: 0,
    }));
    const decoded = decodeLinkedHeads(encodeLinkedHeads(many), AT);
    expect(decoded).toHaveLength(MAX_LINKED_HEADS);
    expect(decoded.some((s) => s.version === 1)).toBe(false);
    expect(() => decodeLinkedHeads(Buffer.alloc(HEAD_BYTES + 1).toString("base64"), AT)).toThrow(
      RangeError,
    );
  });

  it("carries the same heads from the most written notes as from all of them, merged or not", () => {
    // A small deterministic generator: versions with many ties, ids in mixed case.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed >> 12;
    };
    // Unique ids (a seen-state store holds one per note), in an order the counter hides.
    let made = 0;
    const id = () => {
      const hex = `${(next() % 4096).toString(16).padStart(3, "0")}${(made++).toString(16).padStart(5, "0")}`;
      return `${hex}-0000-4000-8000-${"0".repeat(12)}`;
    };
    const local: SeenState[] = Array.from({ length: MAX_LINKED_HEADS * 2 + 500 }, () => ({
      noteId: next() % 5 === 0 ? id().toUpperCase() : id(),
      version: next() % 4,
      snapshotVersion: next() % 3,
      ...(next() % 3 === 0 && { metadataRev: next() % 5 }),
    }));
    // Another copy: some of the same notes, higher and lower, and notes of its own.
    const remote: SeenState[] = [
      ...local
        .slice(0, 6_000)
        .map((s) => ({ ...s, noteId: s.noteId.toLowerCase(), version: next() % 6 })),
      ...Array.from({ length: 4_000 }, () => ({
        noteId: id(),
        version: next() % 6,
        snapshotVersion: 1,
      })),
    ];
    // As hex: toEqual walks a 350 KB array element by element, for seconds on a loaded machine.
    const hexOf = (heads: SeenState[]) => Buffer.from(encodeHeadBytes(heads)).toString("hex");
    const picked = mostWritten(local);
    expect(picked).toHaveLength(MAX_LINKED_HEADS);
    expect(hexOf(mergeHeads(picked))).toBe(hexOf(mergeHeads(local)));
    expect(hexOf(mergeHeads(remote, picked))).toBe(hexOf(mergeHeads(remote, local)));
    expect(mostWritten(local.slice(0, 100))).toHaveLength(100);
  }, 30_000);
});
