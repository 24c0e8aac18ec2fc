// The newest copy of an account's seen heads, as the prefix tree holds it (issue 33, item
// 12; docs/key-transparency.md, "The account's seen heads"). The account's devices upload
// their seen heads sealed (packages/crypto, sealed-seen-heads.ts) with a counter that grows
// by one per upload; the log holds the newest counter and a digest of its sealed bytes, so
// a fresh device can tell an older copy served again (a lower counter, or the logged counter
// with other bytes) and a copy withheld (none served while one is logged, which needs the
// proof of absence below when none is logged).
//
//   alpha      = "notes/kt/seen/v1" ‖ account id (16 raw uuid bytes)
//   index      = the first 32 bytes of VRF β
//   value      = u64 counter ‖ digest (32): BLAKE2b-256 of the sealed copy's raw bytes
//   commitment = SHA-256("notes/kt/seen-commit/v1" ‖ opening (16) ‖ account id (16) ‖ value)
import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OPENING_BYTES } from "./binding";
import { ascii, concat, equalBytes, u64, uuidBytes } from "./bytes";
import type { TreeHead } from "./head";
import { rootFromAbsence, rootFromInclusion, type TreeEntry } from "./prefix-tree";
import { KeyTransparencyRefused } from "./verify";
import { vrfVerify } from "./vrf";

const SEEN_LABEL = ascii("notes/kt/seen/v1");
const SEEN_COMMIT_LABEL = ascii("notes/kt/seen-commit/v1");

/** What a seen-heads leaf holds: the copy's counter and the digest of its sealed bytes. */
export interface LoggedSeenHeads {
  counter: number;
  digest: Uint8Array;
}

export interface SeenHeadsProof {
  /** The key-transparency epoch whose head the proof is against. */
  epoch: number;
  vrfProof: Uint8Array;
  siblings: Uint8Array[];
  /** The logged copy and its commitment's opening; absent in a proof of absence. */
  logged?: LoggedSeenHeads & { opening: Uint8Array };
  /** In a proof of absence: the other leaf where the search ended (absent: an empty child). */
  other?: TreeEntry;
}

export function seenHeadsVrfInput(accountId: string): Uint8Array {
  return concat(SEEN_LABEL, uuidBytes(accountId));
}

/** BLAKE2b-256 of a sealed copy's raw bytes (libsodium's crypto_generichash(32, sealed)). */
export function seenHeadsDigest(sealed: Uint8Array): Uint8Array {
  return blake2b(sealed, { dkLen: 32 });
}

export function seenHeadsValue(leaf: LoggedSeenHeads): Uint8Array {
  if (leaf.digest.length !== 32) throw new RangeError("a seen-heads digest is 32 bytes");
  return concat(u64(leaf.counter), leaf.digest);
}

export function seenHeadsCommitment(
  accountId: string,
  opening: Uint8Array,
  leaf: LoggedSeenHeads,
): Uint8Array {
  if (opening.length !== OPENING_BYTES) throw new RangeError("an opening is 16 bytes");
  return sha256(concat(SEEN_COMMIT_LABEL, opening, uuidBytes(accountId), seenHeadsValue(leaf)));
}

/**
 * The copy `proof` shows logged for `accountId` in `head`'s tree, or undefined when it
 * proves that none is. Throws KeyTransparencyRefused (`wrong-epoch`, `vrf`,
 * `not-included`) when it proves neither.
 */
export function verifySeenHeadsLookup(
  head: TreeHead,
  accountId: string,
  proof: SeenHeadsProof,
): LoggedSeenHeads | undefined {
  if (proof.epoch !== head.epoch) {
    throw new KeyTransparencyRefused(
      "wrong-epoch",
      `a seen-heads proof for epoch ${proof.epoch} against the head of ${head.epoch}`,
    );
  }
  const id = accountId.toLowerCase();
  const beta = vrfVerify(head.vrfPublicKey, seenHeadsVrfInput(id), proof.vrfProof);
  if (!beta)
    throw new KeyTransparencyRefused("vrf", `the VRF proof for account ${id}'s seen heads fails`);
  const index = beta.subarray(0, 32);
  const { logged } = proof;
  const root = logged
    ? rootFromInclusion(index, seenHeadsCommitment(id, logged.opening, logged), proof.siblings)
    : rootFromAbsence(index, proof.siblings, proof.other);
  if (!root || !equalBytes(root, head.treeRoot)) {
    throw new KeyTransparencyRefused(
      "not-included",
      logged
        ? `account ${id}'s seen heads are not in the tree of epoch ${head.epoch}`
        : `the tree of epoch ${head.epoch} is not shown to lack account ${id}'s seen heads`,
    );
  }
  return logged && { counter: logged.counter, digest: logged.digest };
}
