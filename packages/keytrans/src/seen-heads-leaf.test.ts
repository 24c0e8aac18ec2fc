// A seen-heads leaf against its known answer (docs/key-transparency.md, "The account's
// seen heads"): digest, value and commitment computed independently with Python's hashlib
// (BLAKE2b with digest_size 32, SHA-256); the index is the VRF's output. Then the proofs
// a fresh device checks: inclusion, absence (at an empty child and at another leaf), and
// the refusals; and that the leaf's domain is apart from a roster's and a binding's.
import { describe, expect, it } from "vitest";
import { vrfInput } from "./binding";
import { fromHex, toBase64, toHex } from "./bytes";
import type { TreeHead } from "./head";
import { PrefixTree, type TreeEntry } from "./prefix-tree";
import { rosterCommitment, rosterVrfInput } from "./roster";
import {
  seenHeadsCommitment,
  seenHeadsDigest,
  seenHeadsValue,
  seenHeadsVrfInput,
  verifySeenHeadsLookup,
} from "./seen-heads-leaf";
import { parseSeenHeadsProof, seenHeadsProofToJson } from "./seen-heads-wire";
import { KeyTransparencyRefused } from "./verify";
import { vrfProve, vrfPublicKey } from "./vrf";

const ACCOUNT = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const VRF_SECRET = fromHex("11".repeat(32));
const KNOWN = {
  alpha: "6e6f7465732f6b742f7365656e2f76317d4448409dc011d1b2455ffdce74fad2",
  digest: "3cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58",
  value: "00000000000000073cd3d3e4dfe1d2cd76e81146e2d9d64f4b6c3cd953827031ede20f6a7a7c4a58",
  commitment: "147c49ca58a1086e23e5f2769da26ba7a2dc0182f055c567a13d947aa37b5d00",
};
const opening = new Uint8Array(16).fill(6);
const leaf = { counter: 7, digest: seenHeadsDigest(new Uint8Array(64).fill(5)) };
const placed = vrfProve(VRF_SECRET, seenHeadsVrfInput(ACCOUNT));
const index = placed.output.slice(0, 32);

function headOf(tree: PrefixTree): TreeHead {
  return {
    epoch: 4,
    timestamp: 1000,
    treeRoot: tree.root,
    logRoot: new Uint8Array(32),
    headPublicKey: new Uint8Array(32),
    vrfPublicKey: vrfPublicKey(VRF_SECRET),
  };
}

const filler = (n: number): TreeEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    // Indices on the other side of the tree's first bit from the account's.
    index: new Uint8Array(32).fill(((index[0] as number) & 0x80 ? 0x00 : 0x80) + i),
    commitment: new Uint8Array(32).fill(i + 1),
  }));

function logged() {
  const tree = PrefixTree.empty().with([
    ...filler(5),
    { index, commitment: seenHeadsCommitment(ACCOUNT, opening, leaf) },
  ]);
  const json = seenHeadsProofToJson({
    epoch: 4,
    vrfProof: placed.proof,
    siblings: tree.prove(index).siblings,
    logged: { ...leaf, opening },
  });
  return { head: headOf(tree), json };
}

function absent(entries: TreeEntry[]) {
  const tree = PrefixTree.empty().with(entries);
  const found = tree.prove(index);
  const json = seenHeadsProofToJson({
    epoch: 4,
    vrfProof: placed.proof,
    siblings: found.siblings,
    ...(found.leaf && { other: found.leaf }),
  });
  return { head: headOf(tree), json };
}

const reason = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return error instanceof KeyTransparencyRefused ? error.reason : error;
  }
  return "accepted";
};

describe("the account's seen heads in the log", () => {
  it("reproduces the known answer: alpha, digest, value, commitment", () => {
    expect(toHex(seenHeadsVrfInput(ACCOUNT))).toBe(KNOWN.alpha);
    expect(toHex(leaf.digest)).toBe(KNOWN.digest);
    expect(toHex(seenHeadsValue(leaf))).toBe(KNOWN.value);
    expect(toHex(seenHeadsCommitment(ACCOUNT, opening, leaf))).toBe(KNOWN.commitment);
  });

  it("lives apart from rosters and account bindings: another VRF input, another commitment", () => {
    expect(toHex(seenHeadsVrfInput(ACCOUNT))).not.toBe(toHex(rosterVrfInput(ACCOUNT)));
    expect(toHex(seenHeadsVrfInput(ACCOUNT))).not.toBe(toHex(vrfInput(ACCOUNT)));
    const asRoster = { chainEpoch: 7, entryHash: leaf.digest };
    expect(toHex(seenHeadsCommitment(ACCOUNT, opening, leaf))).not.toBe(
      toHex(rosterCommitment(ACCOUNT, opening, asRoster)),
    );
  });

  it("verifies an inclusion proof through JSON and answers the logged counter and digest", () => {
    const { head, json } = logged();
    const found = verifySeenHeadsLookup(head, ACCOUNT.toUpperCase(), parseSeenHeadsProof(json));
    expect(found?.counter).toBe(7);
    expect(toHex(found?.digest ?? new Uint8Array())).toBe(KNOWN.digest);
  });

  it("verifies absence in an empty tree, at an empty child and at another leaf", () => {
    for (const entries of [[], filler(1), filler(4)]) {
      const { head, json } = absent(entries);
      expect(verifySeenHeadsLookup(head, ACCOUNT, parseSeenHeadsProof(json))).toBeUndefined();
    }
    // The search ends at another leaf sharing the account's first bits.
    const neighbour = index.slice();
    neighbour[31] = (neighbour[31] as number) ^ 1;
    const { head, json } = absent([{ index: neighbour, commitment: new Uint8Array(32).fill(9) }]);
    expect(json.otherIndex).toBeDefined();
    expect(verifySeenHeadsLookup(head, ACCOUNT, parseSeenHeadsProof(json))).toBeUndefined();
  });

  it("refuses a claim of absence when the copy is logged, and a changed counter or digest", () => {
    const { head, json } = logged();
    const hidden = { epoch: json.epoch, vrfProof: json.vrfProof, siblings: json.siblings };
    expect(reason(() => verifySeenHeadsLookup(head, ACCOUNT, parseSeenHeadsProof(hidden)))).toBe(
      "not-included",
    );
    const older = parseSeenHeadsProof({ ...json, counter: 6 });
    expect(reason(() => verifySeenHeadsLookup(head, ACCOUNT, older))).toBe("not-included");
    const swapped = parseSeenHeadsProof({ ...json, digest: toBase64(new Uint8Array(32)) });
    expect(reason(() => verifySeenHeadsLookup(head, ACCOUNT, swapped))).toBe("not-included");
    // The account's own leaf named as "another" leaf proves nothing.
    const commitment = toBase64(fromHex(KNOWN.commitment));
    const self = { ...hidden, otherIndex: toBase64(index), otherCommitment: commitment };
    expect(reason(() => verifySeenHeadsLookup(head, ACCOUNT, parseSeenHeadsProof(self)))).toBe(
      "not-included",
    );
  });

  it("refuses another account's proof, another epoch's, and a malformed one", () => {
    const { head, json } = logged();
    const other = "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d";
    expect(reason(() => verifySeenHeadsLookup(head, other, parseSeenHeadsProof(json)))).toBe("vrf");
    const later = parseSeenHeadsProof({ ...json, epoch: 5 });
    expect(reason(() => verifySeenHeadsLookup(head, ACCOUNT, later))).toBe("wrong-epoch");
    expect(() => parseSeenHeadsProof({ ...json, otherIndex: json.digest ?? "" })).toThrow(
      /inclusion or of absence/,
    );
    expect(() => parseSeenHeadsProof({ ...json, counter: 0 })).toThrow(/counter/);
  });
});
