// A note-head leaf against its known answer (docs/key-transparency.md, "Note heads"):
// the digests, value, commitment and leaf were computed independently with Python's
// hashlib (BLAKE2b with digest_size 32, SHA-256); the index is the VRF's output, whose
// own vectors are RFC 9381's (vrf.test.ts). Then the refusals a client makes.
import { blake2b } from "@noble/hashes/blake2.js";
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes";
import type { TreeHead } from "./head";
import {
  noteHeadCommitment,
  noteHeadValue,
  noteHeadVrfInput,
  verifyNoteHeadLookup,
} from "./note-head";
import { PrefixTree } from "./prefix-tree";
import { KeyTransparencyRefused } from "./verify";
import { vrfProve, vrfPublicKey } from "./vrf";
import { noteHeadProofToJson, parseNoteHeadProof } from "./wire";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const VRF_SECRET = fromHex("11".repeat(32));
const KNOWN = {
  alpha: "6e6f7465732f6b742f686561642f76317d4448409dc011d1b2455ffdce74fad2",
  index: "f2c9accc6b6de3377c126d71783ad24054840150d9fbfa1feeee8736bfe83e14",
  contentDigest: "3cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58",
  metadataDigest: "f44b470ed2df2f3caa6775901836e629a2bdae3e021744571b971cc83db543b6",
  value:
    "00000000000000070000000000000004" +
    "3cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58" +
    "f44b470ed2df2f3caa6775901836e629a2bdae3e021744571b971cc83db543b6",
  commitment: "f15ca2fdb49dbac7bbe3a35bc0796411c66985c5ead79b90675b9661994dc087",
  leaf: "9616d406d288ac965ecab6704006b6ea79ad69f1386888cc22bcc1e5c6686f9f",
};
const opening = new Uint8Array(16).fill(6);
const head = {
  version: 7,
  snapshotVersion: 4,
  contentDigest: blake2b(new Uint8Array(64).fill(5), { dkLen: 32 }),
  metadataDigest: blake2b(new Uint8Array(48).fill(9), { dkLen: 32 }),
};

function logged(others = 5) {
  const { proof, output } = vrfProve(VRF_SECRET, noteHeadVrfInput(NOTE));
  const index = output.slice(0, 32);
  const filler = Array.from({ length: others }, (_, i) => ({
    index: new Uint8Array(32).fill(0x30 + i),
    commitment: new Uint8Array(32).fill(i + 1),
  }));
  const tree = PrefixTree.empty().with([
    ...filler,
    { index, commitment: noteHeadCommitment(NOTE, opening, head) },
  ]);
  const treeHead: TreeHead = {
    epoch: 4,
    timestamp: 1000,
    treeRoot: tree.root,
    logRoot: new Uint8Array(32),
    headPublicKey: new Uint8Array(32),
    vrfPublicKey: vrfPublicKey(VRF_SECRET),
  };
  const json = noteHeadProofToJson({
    epoch: 4,
    vrfProof: proof,
    opening,
    head,
    siblings: tree.prove(index).siblings,
  });
  return { treeHead, json };
}

const reason = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof KeyTransparencyRefused ? error.reason : error;
  }
  return "accepted";
};

describe("note-head leaves (issue 33, item 12: a fresh device's heads from the log)", () => {
  it("matches the known answer byte for byte", () => {
    const { proof, output } = vrfProve(VRF_SECRET, noteHeadVrfInput(NOTE));
    expect(toHex(noteHeadVrfInput(NOTE))).toBe(KNOWN.alpha);
    expect(toHex(output.slice(0, 32))).toBe(KNOWN.index);
    expect(proof).toHaveLength(80);
    expect(toHex(head.contentDigest)).toBe(KNOWN.contentDigest);
    expect(toHex(head.metadataDigest)).toBe(KNOWN.metadataDigest);
    expect(toHex(noteHeadValue(head))).toBe(KNOWN.value);
    const commitment = noteHeadCommitment(NOTE, opening, head);
    expect(toHex(commitment)).toBe(KNOWN.commitment);
    const tree = PrefixTree.empty().with([{ index: output.slice(0, 32), commitment }]);
    expect(toHex(tree.root)).toBe(KNOWN.leaf);
  });

  it("a proof verifies to the logged head, upper-case note ids included", () => {
    const { treeHead, json } = logged();
    const found = verifyNoteHeadLookup(treeHead, NOTE.toUpperCase(), parseNoteHeadProof(json));
    expect(found.version).toBe(7);
    expect(found.snapshotVersion).toBe(4);
    expect(toHex(found.contentDigest)).toBe(KNOWN.contentDigest);
  });

  it("refuses another version, another digest, another note and another head's epoch", () => {
    const { treeHead, json } = logged();
    const check = (proof: typeof json, note = NOTE, against = treeHead) =>
      reason(() => verifyNoteHeadLookup(against, note, parseNoteHeadProof(proof)));
    expect(check({ ...json, version: 8 })).toBe("not-included");
    expect(check({ ...json, contentDigest: json.metadataDigest })).toBe("not-included");
    expect(check({ ...json, metadataDigest: json.contentDigest })).toBe("not-included");
    expect(check(json, "00000000-0000-4000-8000-000000000001")).toBe("vrf");
    expect(check(json, NOTE, { ...treeHead, epoch: 5 })).toBe("wrong-epoch");
  });

  it("a malformed proof is refused before any byte is used", () => {
    const { json } = logged();
    expect(() => parseNoteHeadProof({ ...json, contentDigest: "AAAA" })).toThrow(/contentDigest/);
    expect(() => parseNoteHeadProof({ ...json, version: -1 })).toThrow(/version/);
    expect(() => parseNoteHeadProof({ ...json, snapshotVersion: 8 })).toThrow(/snapshotVersion/);
  });
});
