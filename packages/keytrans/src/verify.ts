// What a client, a witness and an auditor check, each a pure function that throws
// KeyTransparencyRefused with a reason a program can branch on:
// - a head: the server's signature and enough cosignatures from trusted witnesses;
// - a newer head: it extends the one held (RFC 9162 consistency), and it is the last
//   leaf of its own log; the same epoch with other bytes is a fork;
// - a look-up: the VRF proof places the account, and its binding's commitment sits
//   at that place under the head's tree root.

import { type Binding, bindingCommitment, vrfInput } from "./binding";
import { equalBytes } from "./bytes";
import {
  configDigest,
  headBytes,
  headLogLeaf,
  type SignedHead,
  type TreeHead,
  verifyCosignature,
  verifyHeadSignature,
} from "./head";
import { verifyLogConsistency, verifyLogInclusion } from "./log-tree";
import { rootFromInclusion } from "./prefix-tree";
import { vrfVerify } from "./vrf";
import type { LookupProof } from "./wire";

export type RefusalReason =
  | "head-signature"
  | "too-few-cosignatures"
  | "head-not-in-log"
  | "rollback"
  | "fork"
  | "inconsistent"
  | "config-changed"
  | "vrf"
  | "not-included"
  | "wrong-epoch";

export class KeyTransparencyRefused extends Error {
  override name = "KeyTransparencyRefused";
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export interface WitnessPolicy {
  /** Raw 32-byte Ed25519 keys of the witnesses this client trusts. */
  witnesses: readonly Uint8Array[];
  /** How many of them must have cosigned a head (0: the server's signature alone). */
  threshold: number;
}

/** The server signed `head` and at least `threshold` distinct trusted witnesses cosigned it. */
export function verifySignedHead(head: SignedHead, policy: WitnessPolicy): void {
  if (!verifyHeadSignature(head, head.signature)) {
    throw new KeyTransparencyRefused(
      "head-signature",
      `the head of epoch ${head.epoch} is not signed by its key`,
    );
  }
  const counted = new Set<number>();
  for (const cosignature of head.cosignatures) {
    const at = policy.witnesses.findIndex((w) => equalBytes(w, cosignature.witness));
    if (at >= 0 && !counted.has(at) && verifyCosignature(head, cosignature)) counted.add(at);
  }
  if (counted.size < policy.threshold) {
    throw new KeyTransparencyRefused(
      "too-few-cosignatures",
      `the head of epoch ${head.epoch} has ${counted.size} of ${policy.threshold} witness cosignatures`,
    );
  }
}

/** The head is its log's last leaf (`proof`: RFC 9162 inclusion of leaf epoch − 1). */
export function verifyHeadInLog(head: TreeHead, proof: readonly Uint8Array[]): void {
  if (!verifyLogInclusion(head.epoch - 1, head.epoch, headLogLeaf(head), proof, head.logRoot)) {
    throw new KeyTransparencyRefused(
      "head-not-in-log",
      `the head of epoch ${head.epoch} is not its log's last entry`,
    );
  }
}

/**
 * `next` extends `held`: the same keys, a later epoch whose log has `held`'s as a prefix
 * (`proof`: RFC 9162 consistency from size held.epoch to next.epoch), or the very same head.
 */
export function verifyHeadExtends(
  held: TreeHead,
  next: TreeHead,
  proof: readonly Uint8Array[],
): void {
  if (
    !equalBytes(
      configDigest(held.headPublicKey, held.vrfPublicKey),
      configDigest(next.headPublicKey, next.vrfPublicKey),
    )
  ) {
    throw new KeyTransparencyRefused("config-changed", "the server's head or VRF key changed");
  }
  if (next.epoch < held.epoch) {
    throw new KeyTransparencyRefused(
      "rollback",
      `epoch ${next.epoch} is older than epoch ${held.epoch}, seen before`,
    );
  }
  if (next.epoch === held.epoch) {
    if (!equalBytes(headBytes(next), headBytes(held))) {
      throw new KeyTransparencyRefused("fork", `two different heads for epoch ${next.epoch}`);
    }
    return;
  }
  if (!verifyLogConsistency(held.epoch, next.epoch, held.logRoot, next.logRoot, proof)) {
    throw new KeyTransparencyRefused(
      "inconsistent",
      `the log at epoch ${next.epoch} does not extend the one seen at epoch ${held.epoch}`,
    );
  }
}

/** The binding `proof` carries for `accountId` is the one in `head`'s tree; answers it. */
export function verifyLookup(head: TreeHead, accountId: string, proof: LookupProof): Binding {
  if (proof.epoch !== head.epoch) {
    throw new KeyTransparencyRefused(
      "wrong-epoch",
      `a proof for epoch ${proof.epoch} against the head of ${head.epoch}`,
    );
  }
  const beta = vrfVerify(head.vrfPublicKey, vrfInput(accountId), proof.vrfProof);
  if (!beta)
    throw new KeyTransparencyRefused("vrf", `the VRF proof for ${accountId} does not verify`);
  const commitment = bindingCommitment(accountId, proof.opening, proof.binding);
  const root = rootFromInclusion(beta.subarray(0, 32), commitment, proof.siblings);
  if (!root || !equalBytes(root, head.treeRoot)) {
    throw new KeyTransparencyRefused(
      "not-included",
      `the keys of ${accountId} are not in the tree of epoch ${head.epoch}`,
    );
  }
  return proof.binding;
}
