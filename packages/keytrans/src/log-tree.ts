// The log of tree heads: an RFC 9162 (Certificate Transparency 2.0) Merkle tree whose
// leaf e−1 is the head of epoch e. Its root, signed in every head, makes the history
// append-only: a consistency proof shows that the log a client saw at epoch m is a
// prefix of the one at epoch n, so no earlier head was rewritten.
//
//   leaf hash = SHA-256(0x00 ‖ data), node = SHA-256(0x01 ‖ left ‖ right)
//   MTH of no leaves = SHA-256("")
import { sha256 } from "@noble/hashes/sha2.js";
import { concat, equalBytes } from "./bytes";

export function logLeafHash(data: Uint8Array): Uint8Array {
  return sha256(concat(Uint8Array.of(0), data));
}

function node(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concat(Uint8Array.of(1), left, right));
}

/** The largest power of two below n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** RFC 9162 §2.1.1, over leaf hashes. */
export function logRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0] as Uint8Array;
  const k = split(leaves.length);
  return node(logRoot(leaves.slice(0, k)), logRoot(leaves.slice(k)));
}

/** RFC 9162 §2.1.3.1: the audit path of leaf `m` in the log of `leaves`. */
export function logInclusionProof(m: number, leaves: readonly Uint8Array[]): Uint8Array[] {
  if (m < 0 || m >= leaves.length) throw new RangeError("leaf outside the log");
  if (leaves.length === 1) return [];
  const k = split(leaves.length);
  return m < k
    ? [...logInclusionProof(m, leaves.slice(0, k)), logRoot(leaves.slice(k))]
    : [...logInclusionProof(m - k, leaves.slice(k)), logRoot(leaves.slice(0, k))];
}

/** RFC 9162 §2.1.4.1: proof that the log of the first `m` leaves is a prefix. */
export function logConsistencyProof(m: number, leaves: readonly Uint8Array[]): Uint8Array[] {
  if (m < 0 || m > leaves.length) throw new RangeError("old size outside the log");
  if (m === 0 || m === leaves.length) return [];
  return subproof(m, leaves, true);
}

function subproof(m: number, leaves: readonly Uint8Array[], complete: boolean): Uint8Array[] {
  const n = leaves.length;
  if (m === n) return complete ? [] : [logRoot(leaves)];
  const k = split(n);
  return m <= k
    ? [...subproof(m, leaves.slice(0, k), complete), logRoot(leaves.slice(k))]
    : [...subproof(m - k, leaves.slice(k), false), logRoot(leaves.slice(0, k))];
}

/** RFC 9162 §2.1.3.2. */
export function verifyLogInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = node(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(r, root);
}

/** RFC 9162 §2.1.4.2; an empty old log is consistent with everything. */
export function verifyLogConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (oldSize < 0 || oldSize > newSize) return false;
  if (oldSize === 0) return proof.length === 0;
  if (oldSize === newSize) return proof.length === 0 && equalBytes(oldRoot, newRoot);
  if (proof.length === 0) return false;
  const path = (oldSize & (oldSize - 1)) === 0 ? [oldRoot, ...proof] : [...proof];
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0] as Uint8Array;
  let sr = path[0] as Uint8Array;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr);
      sr = node(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = node(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(fr, oldRoot) && equalBytes(sr, newRoot);
}

/**
 * The log's root kept as it grows: the roots of its perfect subtrees, largest first
 * (one per bit of the size). The RFC 9162 root folds them from the right. Appending is
 * O(log n), so an auditor replaying n epochs hashes O(n log n), not O(n²).
 */
export class LogFrontier {
  private readonly peaks: { size: number; hash: Uint8Array }[] = [];
  size = 0;

  push(leaf: Uint8Array): void {
    let peak = { size: 1, hash: leaf };
    for (let last = this.peaks.at(-1); last && last.size === peak.size; last = this.peaks.at(-1)) {
      this.peaks.pop();
      peak = { size: last.size * 2, hash: node(last.hash, peak.hash) };
    }
    this.peaks.push(peak);
    this.size++;
  }

  clone(): LogFrontier {
    const copy = new LogFrontier();
    copy.peaks.push(...this.peaks);
    copy.size = this.size;
    return copy;
  }

  root(): Uint8Array {
    if (this.peaks.length === 0) return sha256(new Uint8Array(0));
    let acc = (this.peaks.at(-1) as { hash: Uint8Array }).hash;
    for (let i = this.peaks.length - 2; i >= 0; i--)
      acc = node((this.peaks[i] as { hash: Uint8Array }).hash, acc);
    return acc;
  }
}
