import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { ascii, equalBytes, u32 } from "./bytes";
import {
  LogFrontier,
  logConsistencyProof,
  logInclusionProof,
  logLeafHash,
  logRoot,
  verifyLogConsistency,
  verifyLogInclusion,
} from "./log-tree";
import { EMPTY_HASH, PrefixTree, rootFromInclusion } from "./prefix-tree";

const index = (n: number) => sha256(u32(n));
const commitment = (n: number, v = 0) => sha256(ascii(`c${n}/${v}`));
const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ index: index(i), commitment: commitment(i) }));

describe("prefix tree", () => {
  it("has the zero root when empty and a leaf's hash alone as the root of one", () => {
    expect(PrefixTree.empty().root).toEqual(EMPTY_HASH);
    const one = PrefixTree.empty().with(entries(1));
    expect(one.prove(index(0)).siblings).toEqual([]);
    expect(rootFromInclusion(index(0), commitment(0), [])).toEqual(one.root);
  });

  it("answers the same root built at once or in batches, and old trees stay as they were", () => {
    const all = entries(300);
    const atOnce = PrefixTree.empty().with(all);
    const first = PrefixTree.empty().with(all.slice(0, 100));
    const firstRoot = first.root;
    const batched = first.with(all.slice(100, 250)).with(all.slice(250));
    expect(batched.root).toEqual(atOnce.root);
    expect(first.root).toEqual(firstRoot);
    expect(PrefixTree.empty().with(all.slice(0, 100)).root).toEqual(firstRoot);
  });

  it("proves every leaf, and a changed commitment changes the root", () => {
    const tree = PrefixTree.empty().with(entries(200));
    for (let i = 0; i < 200; i++) {
      const { siblings, leaf } = tree.prove(index(i));
      expect(leaf && equalBytes(leaf.commitment, commitment(i))).toBe(true);
      expect(rootFromInclusion(index(i), commitment(i), siblings)).toEqual(tree.root);
      expect(rootFromInclusion(index(i), commitment(i, 1), siblings)).not.toEqual(tree.root);
    }
    const updated = tree.with([{ index: index(7), commitment: commitment(7, 1) }]);
    expect(updated.root).not.toEqual(tree.root);
    const { siblings } = updated.prove(index(7));
    expect(rootFromInclusion(index(7), commitment(7, 1), siblings)).toEqual(updated.root);
  });

  it("ends an absent index's search at another leaf or an empty place", () => {
    const tree = PrefixTree.empty().with(entries(50));
    const found = tree.prove(index(999)).leaf;
    expect(found === undefined || !equalBytes(found.index, index(999))).toBe(true);
  });
});

describe("log of heads (RFC 9162)", () => {
  const leaves = Array.from({ length: 33 }, (_, i) => logLeafHash(u32(i)));

  it("proves every leaf and every old size against every new one", () => {
    for (let n = 1; n <= leaves.length; n++) {
      const log = leaves.slice(0, n);
      const root = logRoot(log);
      for (let m = 0; m < n; m++) {
        expect(
          verifyLogInclusion(m, n, log[m] as Uint8Array, logInclusionProof(m, log), root),
        ).toBe(true);
      }
      for (let m = 0; m <= n; m++) {
        const proof = logConsistencyProof(m, log);
        expect(verifyLogConsistency(m, n, logRoot(log.slice(0, m)), root, proof)).toBe(true);
      }
    }
  });

  it("refuses a rewritten past: an old root that is not a prefix fails", () => {
    const rewritten = [
      ...leaves.slice(0, 5),
      logLeafHash(ascii("another head")),
      ...leaves.slice(6, 20),
    ];
    const proof = logConsistencyProof(10, rewritten);
    expect(
      verifyLogConsistency(10, 20, logRoot(leaves.slice(0, 10)), logRoot(rewritten), proof),
    ).toBe(false);
    const honest = logConsistencyProof(10, leaves.slice(0, 20));
    expect(
      verifyLogConsistency(10, 20, logRoot(leaves.slice(0, 10)), logRoot(rewritten), honest),
    ).toBe(false);
  });
});

describe("log frontier", () => {
  it("answers the RFC 9162 root at every size", () => {
    const frontier = new LogFrontier();
    const leaves: Uint8Array[] = [];
    for (let i = 0; i < 70; i++) {
      const leaf = logLeafHash(u32(i));
      leaves.push(leaf);
      frontier.push(leaf);
      expect(frontier.root()).toEqual(logRoot(leaves));
    }
  });
});
