// The seen heads a device-link seal carries (issue 33, item 12) against their known answer
// (linked-heads-vector.json, laid out by hand in linked-heads-vector.mjs).
import { describe, expect, it } from "vitest";
import type { SeenState } from "../trust/seen-states";
import { decodeLinkedHeads, encodeLinkedHeads, HEAD_BYTES, MAX_LINKED_HEADS } from "./linked-heads";
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
});
