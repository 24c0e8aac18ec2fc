// A roster leaf against its known answer (docs/key-transparency.md, "Rosters"): the
// entry hash, value, commitment and leaf were computed independently with Python's
// hashlib (BLAKE2b with digest_size 32, SHA-256); the index is the VRF's output, whose
// own vectors are RFC 9381's (vrf.test.ts). Then the refusals a client makes.
import { describe, expect, it } from "vitest";
import { fromHex, toHex } from "./bytes";
import type { TreeHead } from "./head";
import { PrefixTree } from "./prefix-tree";
import {
  rosterCommitment,
  rosterEntryDigest,
  rosterValue,
  rosterVrfInput,
  verifyRosterLookup,
} from "./roster";
import { KeyTransparencyRefused } from "./verify";
import { vrfProve, vrfPublicKey } from "./vrf";
import { parseRosterProof, rosterProofToJson } from "./wire";

const NOTE = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const VRF_SECRET = fromHex("11".repeat(32));
const KNOWN = {
  alpha: "6e6f7465732f6b742f726f737465722f76317d4448409dc011d1b2455ffdce74fad2",
  index: "048196df1a061b87e3b4c587f96000887fb729db778c1c750cda8316966367af",
  entryHash: "3cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58",
  value: "000000033cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58",
  commitment: "1c56a7b14512d3db8be588a5064bed12a24a195f83f4c9c1677b49f2b976ade3",
  leaf: "3c3d7325d9d402db88ed67c337eea05201a7d595dddaa0e3994ee5dc605cca20",
};
const opening = new Uint8Array(16).fill(6);
const head = { chainEpoch: 3, entryHash: rosterEntryDigest(new Uint8Array(64).fill(5)) };

function logged(others = 5) {
  const { proof, output } = vrfProve(VRF_SECRET, rosterVrfInput(NOTE));
  const index = output.slice(0, 32);
  const filler = Array.from({ length: others }, (_, i) => ({
    index: new Uint8Array(32).fill(0x30 + i),
    commitment: new Uint8Array(32).fill(i + 1),
  }));
  const tree = PrefixTree.empty().with([
    ...filler,
    { index, commitment: rosterCommitment(NOTE, opening, head) },
  ]);
  const treeHead: TreeHead = {
    epoch: 4,
    timestamp: 1000,
    treeRoot: tree.root,
    logRoot: new Uint8Array(32),
    headPublicKey: new Uint8Array(32),
    vrfPublicKey: vrfPublicKey(VRF_SECRET),
  };
  const json = rosterProofToJson({
    epoch: 4,
    vrfProof: proof,
    opening,
    head,
    siblings: tree.prove(index).siblings,
  });
  return { treeHead, json };
}

describe("roster leaves (issue 34, rosters in the log)", () => {
  it("matches the known answer byte for byte", () => {
    const { proof, output } = vrfProve(VRF_SECRET, rosterVrfInput(NOTE));
    expect(toHex(rosterVrfInput(NOTE))).toBe(KNOWN.alpha);
    expect(toHex(output.slice(0, 32))).toBe(KNOWN.index);
    expect(proof).toHaveLength(80);
    expect(toHex(head.entryHash)).toBe(KNOWN.entryHash);
    expect(toHex(rosterValue(head))).toBe(KNOWN.value);
    const commitment = rosterCommitment(NOTE, opening, head);
    expect(toHex(commitment)).toBe(KNOWN.commitment);
    const tree = PrefixTree.empty().with([{ index: output.slice(0, 32), commitment }]);
    expect(toHex(tree.root)).toBe(KNOWN.leaf);
  });

  it("a proof verifies to the logged chain head, upper-case note ids included", () => {
    const { treeHead, json } = logged();
    const found = verifyRosterLookup(treeHead, NOTE.toUpperCase(), parseRosterProof(json));
    expect(found.chainEpoch).toBe(3);
    expect(toHex(found.entryHash)).toBe(KNOWN.entryHash);
  });

  it("refuses another hash, another epoch, another note and another head's epoch", () => {
    const { treeHead, json } = logged();
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error instanceof KeyTransparencyRefused ? error.reason : error;
      }
      return "accepted";
    };
    const otherHash = { ...json, entryHash: json.siblings[0] as string };
    expect(reason(() => verifyRosterLookup(treeHead, NOTE, parseRosterProof(otherHash)))).toBe(
      "not-included",
    );
    const otherEpoch = { ...json, chainEpoch: 2 };
    expect(reason(() => verifyRosterLookup(treeHead, NOTE, parseRosterProof(otherEpoch)))).toBe(
      "not-included",
    );
    expect(
      reason(() =>
        verifyRosterLookup(
          treeHead,
          "00000000-0000-4000-8000-000000000001",
          parseRosterProof(json),
        ),
      ),
    ).toBe("vrf");
    expect(
      reason(() => verifyRosterLookup({ ...treeHead, epoch: 5 }, NOTE, parseRosterProof(json))),
    ).toBe("wrong-epoch");
  });

  it("a malformed proof is refused before any byte is used", () => {
    const { json } = logged();
    expect(() => parseRosterProof({ ...json, entryHash: "AAAA" })).toThrow(/entryHash/);
    expect(() => parseRosterProof({ ...json, chainEpoch: -1 })).toThrow(/chainEpoch/);
  });
});
