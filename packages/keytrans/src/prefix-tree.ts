// The prefix tree: a binary Merkle trie over 256-bit VRF indices, each leaf holding the
// commitment to one account's binding. A leaf sits at the shallowest depth where its
// subtree holds it alone (the draft-ietf-keytrans-protocol "prefix tree", simplified).
// Nodes are immutable: an update copies the path it changes, so the tree of the last
// published epoch stays readable (proofs) while the next one is built.
//
//   leaf  = SHA-256(0x10 ‖ index(32) ‖ commitment(32))
//   inner = SHA-256(0x11 ‖ left(32) ‖ right(32)), an empty child as 32 zero bytes
//   root of the empty tree = 32 zero bytes
import { sha256 } from "@noble/hashes/sha2.js";
import { compareBytes, concat, equalBytes, toHex } from "./bytes";

export const INDEX_BYTES = 32;
export const EMPTY_HASH = new Uint8Array(32);
const LEAF = Uint8Array.of(0x10);
const INNER = Uint8Array.of(0x11);

export interface Leaf {
  readonly index: Uint8Array;
  readonly commitment: Uint8Array;
  readonly hash: Uint8Array;
  readonly left?: undefined;
}
export interface Inner {
  readonly left: TreeNode | null;
  readonly right: TreeNode | null;
  readonly hash: Uint8Array;
  readonly index?: undefined;
}
export type TreeNode = Leaf | Inner;

export interface TreeEntry {
  index: Uint8Array;
  commitment: Uint8Array;
}

export function leafHash(index: Uint8Array, commitment: Uint8Array): Uint8Array {
  return sha256(concat(LEAF, index, commitment));
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concat(INNER, left, right));
}

export function bitAt(index: Uint8Array, depth: number): 0 | 1 {
  return (((index[depth >> 3] as number) >> (7 - (depth & 7))) & 1) as 0 | 1;
}

const hashOf = (node: TreeNode | null) => (node ? node.hash : EMPTY_HASH);

function makeLeaf(entry: TreeEntry): Leaf {
  if (entry.index.length !== INDEX_BYTES) throw new RangeError("an index is 32 bytes");
  return {
    index: entry.index,
    commitment: entry.commitment,
    hash: leafHash(entry.index, entry.commitment),
  };
}

function makeInner(left: TreeNode | null, right: TreeNode | null): TreeNode | null {
  if (!left && !right) return null;
  return { left, right, hash: innerHash(hashOf(left), hashOf(right)) };
}

/** Builds the subtree at `depth` of entries sorted by index, distinct. */
function build(entries: readonly TreeEntry[], depth: number): TreeNode | null {
  if (entries.length === 0) return null;
  if (entries.length === 1) return makeLeaf(entries[0] as TreeEntry);
  const split = firstWithBit(entries, depth);
  return makeInner(
    build(entries.slice(0, split), depth + 1),
    build(entries.slice(split), depth + 1),
  );
}

/** In entries sorted by index, the first whose bit at `depth` is 1. */
function firstWithBit(entries: readonly TreeEntry[], depth: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bitAt((entries[mid] as TreeEntry).index, depth) === 1) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function merge(
  node: TreeNode | null,
  entries: readonly TreeEntry[],
  depth: number,
): TreeNode | null {
  if (entries.length === 0) return node;
  if (!node) return build(entries, depth);
  if (node.index) {
    // A leaf meets the batch: it stays unless an entry replaces it.
    const replaced = entries.some((e) => equalBytes(e.index, node.index));
    const all = replaced
      ? entries
      : [...entries, node].sort((a, b) => compareBytes(a.index, b.index));
    return build(all, depth);
  }
  const split = firstWithBit(entries, depth);
  return makeInner(
    merge(node.left, entries.slice(0, split), depth + 1),
    merge(node.right, entries.slice(split), depth + 1),
  );
}

/** An immutable tree: `with` answers a new tree and leaves this one as it was. */
export class PrefixTree {
  private constructor(readonly rootNode: TreeNode | null) {}

  static empty(): PrefixTree {
    return new PrefixTree(null);
  }

  get root(): Uint8Array {
    return hashOf(this.rootNode);
  }

  /** This tree with `entries` set (a repeated index replaces the leaf's commitment). */
  with(entries: readonly TreeEntry[]): PrefixTree {
    const byIndex = new Map<string, TreeEntry>();
    for (const e of entries) byIndex.set(toHex(e.index), e);
    const sorted = [...byIndex.values()].sort((a, b) => compareBytes(a.index, b.index));
    return new PrefixTree(merge(this.rootNode, sorted, 0));
  }

  /**
   * The siblings from the root down to where `index`'s search ends, and the leaf found
   * there: the index's own (inclusion), another (non-inclusion) or none.
   */
  prove(index: Uint8Array): { siblings: Uint8Array[]; leaf?: TreeEntry } {
    const siblings: Uint8Array[] = [];
    let node = this.rootNode;
    let depth = 0;
    while (node && !node.index) {
      const bit = bitAt(index, depth);
      siblings.push(hashOf(bit ? node.left : node.right));
      node = bit ? node.right : node.left;
      depth++;
    }
    return node
      ? { siblings, leaf: { index: node.index, commitment: node.commitment } }
      : { siblings };
  }
}

/** The root that `siblings` (root first) lead to from the leaf (`index`, `commitment`). */
export function rootFromInclusion(
  index: Uint8Array,
  commitment: Uint8Array,
  siblings: readonly Uint8Array[],
): Uint8Array | undefined {
  if (index.length !== INDEX_BYTES || siblings.length > 8 * INDEX_BYTES) return undefined;
  let hash = leafHash(index, commitment);
  for (let depth = siblings.length - 1; depth >= 0; depth--) {
    const sibling = siblings[depth] as Uint8Array;
    if (sibling.length !== 32) return undefined;
    hash = bitAt(index, depth) ? innerHash(sibling, hash) : innerHash(hash, sibling);
  }
  return hash;
}

/**
 * The root that `siblings` (root first) lead to when `index`'s search ends without its
 * own leaf: at an empty child (`other` absent) or at another leaf `other` whose index
 * shares the path (a leaf sits alone in its subtree, so `index` is not in the tree).
 * Undefined when the proof cannot show absence.
 */
export function rootFromAbsence(
  index: Uint8Array,
  siblings: readonly Uint8Array[],
  other?: TreeEntry,
): Uint8Array | undefined {
  if (index.length !== INDEX_BYTES || siblings.length > 8 * INDEX_BYTES) return undefined;
  if (!other) {
    // An empty child under an inner node (no siblings: the empty tree's root).
    let hash: Uint8Array = EMPTY_HASH;
    for (let depth = siblings.length - 1; depth >= 0; depth--) {
      const sibling = siblings[depth] as Uint8Array;
      if (sibling.length !== 32) return undefined;
      hash = bitAt(index, depth) ? innerHash(sibling, hash) : innerHash(hash, sibling);
    }
    return hash;
  }
  if (other.index.length !== INDEX_BYTES || equalBytes(other.index, index)) return undefined;
  for (let depth = 0; depth < siblings.length; depth++)
    if (bitAt(other.index, depth) !== bitAt(index, depth)) return undefined;
  return rootFromInclusion(other.index, other.commitment, siblings);
}
