// The package against its known answers (kt-vectors.json, written by
// scripts/kt-vectors.ts from node:crypto and a tree by definition), and the refusals a
// client makes when one byte of them is wrong.
import { describe, expect, it } from "vitest";
import { bindingCommitment, bindingValue, vrfInput } from "./binding";
import { fromHex, toHex } from "./bytes";
import {
  configDigest,
  cosignHead,
  headBytes,
  headLogLeaf,
  publicKeyOf,
  type SignedHead,
  signHead,
} from "./head";
import vectors from "./kt-vectors.json";
import { logRoot } from "./log-tree";
import { PrefixTree } from "./prefix-tree";
import {
  KeyTransparencyRefused,
  verifyHeadExtends,
  verifyHeadInLog,
  verifyLookup,
  verifySignedHead,
} from "./verify";
import { vrfProve, vrfPublicKey } from "./vrf";
import type { LookupProof } from "./wire";

type EpochVector = (typeof vectors.epochs)[number];
type BindingVector = EpochVector["bindings"][number] & {
  publicKey?: string;
  signingPublicKey?: string;
};

const h = fromHex;
const headOf = (e: EpochVector): SignedHead => ({
  epoch: e.epoch,
  timestamp: e.timestamp,
  treeRoot: h(e.treeRoot),
  logRoot: h(e.logRoot),
  headPublicKey: h(vectors.headPublicKey),
  vrfPublicKey: h(vectors.vrfPublicKey),
  signature: h(e.signature),
  cosignatures: [{ witness: h(vectors.witnessPublicKey), signature: h(e.cosignature) }],
});
const bindingOf = (v: BindingVector) => ({
  version: v.version,
  prev: h(v.prev),
  ...(v.publicKey && { publicKey: h(v.publicKey) }),
  ...(v.signingPublicKey && { signingPublicKey: h(v.signingPublicKey) }),
});
const proofOf = (e: EpochVector, v: BindingVector): LookupProof => ({
  epoch: e.epoch,
  vrfProof: h(v.vrfProof),
  opening: h(v.opening),
  binding: bindingOf(v),
  siblings: v.siblings.map(h),
});
const policy = { witnesses: [h(vectors.witnessPublicKey)], threshold: 1 };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof KeyTransparencyRefused ? error.reason : error;
  }
  return "accepted";
};

describe("key-transparency known answers", () => {
  it("derives the keys and the config digest", () => {
    expect(toHex(vrfPublicKey(h(vectors.vrfSecretKey)))).toBe(vectors.vrfPublicKey);
    expect(toHex(publicKeyOf(h(vectors.headSecretKey)))).toBe(vectors.headPublicKey);
    expect(toHex(publicKeyOf(h(vectors.witnessSecretKey)))).toBe(vectors.witnessPublicKey);
    expect(toHex(configDigest(h(vectors.headPublicKey), h(vectors.vrfPublicKey)))).toBe(
      vectors.configDigest,
    );
  });

  it.each(vectors.epochs)("reproduces epoch $epoch: bindings, tree, log and head bytes", (e) => {
    let tree = PrefixTree.empty();
    for (const raw of e.bindings) {
      const v = raw as BindingVector;
      expect(toHex(vrfInput(v.accountId))).toBe(v.alpha);
      const { proof, output } = vrfProve(h(vectors.vrfSecretKey), vrfInput(v.accountId));
      expect(toHex(proof)).toBe(v.vrfProof);
      expect(toHex(output.subarray(0, 32))).toBe(v.index);
      expect(toHex(bindingValue(bindingOf(v)))).toBe(v.value);
      expect(toHex(bindingCommitment(v.accountId, h(v.opening), bindingOf(v)))).toBe(v.commitment);
      tree = tree.with([{ index: h(v.index), commitment: h(v.commitment) }]);
    }
    expect(toHex(tree.root)).toBe(e.treeRoot);
    for (const raw of e.bindings) {
      expect(tree.prove(h(raw.index)).siblings.map(toHex)).toEqual(raw.siblings);
    }
    const head = headOf(e);
    expect(toHex(headLogLeaf(head))).toBe(e.logLeaf);
    const leaves = vectors.epochs.slice(0, e.epoch).map((x) => h(x.logLeaf));
    expect(toHex(logRoot(leaves))).toBe(e.logRoot);
    expect(toHex(headBytes(head))).toBe(e.head);
    expect(toHex(signHead(h(vectors.headSecretKey), head))).toBe(e.signature);
    expect(toHex(cosignHead(h(vectors.witnessSecretKey), head))).toBe(e.cosignature);
  });

  it("verifies each head, its place in the log, consistency and every look-up", () => {
    const [first, second] = vectors.epochs as [EpochVector, EpochVector];
    for (const e of vectors.epochs) {
      verifySignedHead(headOf(e), policy);
      verifyHeadInLog(headOf(e), e.headInLog.map(h));
      for (const v of e.bindings)
        expect(verifyLookup(headOf(e), v.accountId, proofOf(e, v))).toEqual(bindingOf(v));
    }
    verifyHeadExtends(headOf(first), headOf(second), second.consistencyFromPrevious.map(h));
  });

  it("refuses a false key, another account's proof, a fork, a rollback and an uncosigned head", () => {
    const [first, second] = vectors.epochs as [EpochVector, EpochVector];
    const [a, b] = first.bindings as [BindingVector, BindingVector];
    const forged = {
      ...proofOf(first, a),
      binding: { ...bindingOf(a), publicKey: h("ee".repeat(32)) },
    };
    expect(refusal(() => verifyLookup(headOf(first), a.accountId, forged))).toBe("not-included");
    expect(refusal(() => verifyLookup(headOf(first), a.accountId, proofOf(first, b)))).toBe("vrf");
    expect(refusal(() => verifyLookup(headOf(second), a.accountId, proofOf(first, a)))).toBe(
      "wrong-epoch",
    );
    const fork = { ...headOf(first), treeRoot: h("ff".repeat(32)) };
    expect(refusal(() => verifyHeadExtends(headOf(first), fork, []))).toBe("fork");
    expect(refusal(() => verifyHeadExtends(headOf(second), headOf(first), []))).toBe("rollback");
    const rewritten = { ...headOf(second), logRoot: h("ff".repeat(32)) };
    expect(
      refusal(() =>
        verifyHeadExtends(headOf(first), rewritten, second.consistencyFromPrevious.map(h)),
      ),
    ).toBe("inconsistent");
    expect(refusal(() => verifySignedHead({ ...headOf(first), cosignatures: [] }, policy))).toBe(
      "too-few-cosignatures",
    );
    expect(refusal(() => verifySignedHead(fork, policy))).toBe("head-signature");
  });
});
