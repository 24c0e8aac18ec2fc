// This process's copy of the log: the prefix tree of the last few epochs and the log
// leaves of every head, caught up from the database when a newer epoch is asked for.
// Trees share their unchanged nodes (prefix-tree.ts), so holding three costs little.
// Each instance keeps its own; the database is the truth, and a copy whose root does not
// match its head's is thrown away and rebuilt.
import { ktBindings, ktCosignatures, ktHeads, ktRosterLeaves, ktSeenLeaves } from "@notes/db";
import { equalBytes, headLogLeaf, LogFrontier, PrefixTree, type SignedHead } from "@notes/keytrans";
import { and, asc, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Core } from "../core";
import { ktConfig, ktKeys } from "./config";

export type HeadRow = typeof ktHeads.$inferSelect;

interface DirectoryCopy {
  epoch: number;
  trees: Map<number, PrefixTree>;
  leaves: Uint8Array[];
  /** The same leaves folded (RFC 9162 root in O(log n) per epoch). */
  frontier: LogFrontier;
  /** Memoised proofs over the log of heads: "m:n" → hashes. */
  proofs: Map<string, Uint8Array[]>;
}

const copies = new WeakMap<Core, { copy: DirectoryCopy; pending: Promise<void> }>();
const KEPT_TREES = 3;

function emptyCopy(): DirectoryCopy {
  return {
    epoch: 0,
    trees: new Map([[0, PrefixTree.empty()]]),
    leaves: [],
    frontier: new LogFrontier(),
    proofs: new Map(),
  };
}

function holder(core: Core) {
  let h = copies.get(core);
  if (!h) {
    h = { copy: emptyCopy(), pending: Promise.resolve() };
    copies.set(core, h);
  }
  return h;
}

/** The copy, caught up to at least `epoch` (one catch-up at a time). */
export async function directoryAt(core: Core, epoch: number): Promise<DirectoryCopy> {
  const h = holder(core);
  if (h.copy.epoch >= epoch) return h.copy;
  h.pending = h.pending
    .then(() => catchUp(core, h, epoch))
    .catch((error: unknown) => {
      core.log.error({ err: error }, "key transparency: catching up failed");
      h.copy = emptyCopy();
    });
  await h.pending;
  return h.copy;
}

/** Called by the epoch job once its head is committed: no need to read it back. */
export function adoptEpoch(core: Core, epoch: number, tree: PrefixTree, leaf: Uint8Array): void {
  const h = holder(core);
  if (h.copy.epoch !== epoch - 1) return;
  h.copy.trees.set(epoch, tree);
  h.copy.trees.delete(epoch - KEPT_TREES);
  h.copy.leaves.push(leaf);
  h.copy.frontier.push(leaf);
  h.copy.epoch = epoch;
}

async function catchUp(core: Core, h: { copy: DirectoryCopy }, target: number): Promise<void> {
  const copy = h.copy;
  if (copy.epoch >= target) return;
  const heads = await core.db
    .select()
    .from(ktHeads)
    .where(and(gt(ktHeads.epoch, copy.epoch), lte(ktHeads.epoch, target)))
    .orderBy(asc(ktHeads.epoch));
  const bindings = await core.db
    .select({
      epoch: ktBindings.epoch,
      index: ktBindings.vrfIndex,
      commitment: ktBindings.commitment,
    })
    .from(ktBindings)
    .where(and(gt(ktBindings.epoch, copy.epoch), lte(ktBindings.epoch, target)))
    .orderBy(asc(ktBindings.epoch), asc(ktBindings.version));
  const rosters = await core.db
    .select({
      epoch: ktRosterLeaves.epoch,
      index: ktRosterLeaves.vrfIndex,
      commitment: ktRosterLeaves.commitment,
    })
    .from(ktRosterLeaves)
    .where(and(gt(ktRosterLeaves.epoch, copy.epoch), lte(ktRosterLeaves.epoch, target)))
    .orderBy(asc(ktRosterLeaves.epoch));
  const seen = await core.db
    .select({
      epoch: ktSeenLeaves.epoch,
      index: ktSeenLeaves.vrfIndex,
      commitment: ktSeenLeaves.commitment,
    })
    .from(ktSeenLeaves)
    .where(and(gt(ktSeenLeaves.epoch, copy.epoch), lte(ktSeenLeaves.epoch, target)))
    .orderBy(asc(ktSeenLeaves.epoch));
  let tree = copy.trees.get(copy.epoch) ?? PrefixTree.empty();
  const ofEpoch = epochReader(bindings);
  const rostersOf = epochReader(rosters);
  const seenOf = epochReader(seen);
  for (const head of heads) {
    tree = tree.with([...ofEpoch(head.epoch), ...rostersOf(head.epoch), ...seenOf(head.epoch)]);
    if (!equalBytes(tree.root, head.treeRoot)) {
      throw new Error(`key transparency: the tree of epoch ${head.epoch} does not match its head`);
    }
    copy.trees.set(head.epoch, tree);
    copy.trees.delete(head.epoch - KEPT_TREES);
    const leaf = headLogLeaf({
      epoch: head.epoch,
      timestamp: head.timestampMs,
      treeRoot: head.treeRoot,
    });
    copy.leaves.push(leaf);
    copy.frontier.push(leaf);
    copy.epoch = head.epoch;
  }
}

type Leaf = { epoch: number; index: Uint8Array; commitment: Uint8Array };

/** Reads `leaves` (sorted by epoch) one epoch at a time, in order. */
function epochReader(leaves: readonly Leaf[]): (epoch: number) => Leaf[] {
  let at = 0;
  return (epoch) => {
    const batch: Leaf[] = [];
    while (at < leaves.length && (leaves[at] as Leaf).epoch === epoch) {
      batch.push(leaves[at] as Leaf);
      at++;
    }
    return batch;
  };
}

/** The newest head, and the newest one witnesses published (quorum cosignatures). */
export async function newestHeads(core: Core): Promise<{ latest?: HeadRow; published?: HeadRow }> {
  const recent = await core.db.select().from(ktHeads).orderBy(desc(ktHeads.epoch)).limit(2);
  const [latest] = recent;
  if (!latest) return {};
  const { quorum } = ktConfig(core);
  for (const head of recent) {
    if ((await countedCosignatures(core, head.epoch)) >= quorum) return { latest, published: head };
  }
  // The job never makes a head while the one before is unpublished, so older heads were.
  const [older] = await core.db
    .select()
    .from(ktHeads)
    .where(lte(ktHeads.epoch, latest.epoch - 2))
    .orderBy(desc(ktHeads.epoch))
    .limit(1);
  return older ? { latest, published: older } : { latest };
}

async function countedCosignatures(core: Core, epoch: number): Promise<number> {
  const { witnessKeys, quorum } = ktConfig(core);
  if (quorum === 0) return 0;
  const rows = await core.db
    .select({ witness: ktCosignatures.witness })
    .from(ktCosignatures)
    .where(eq(ktCosignatures.epoch, epoch));
  return rows.filter((r) => witnessKeys.some((w) => equalBytes(w, r.witness))).length;
}

export async function signedHead(core: Core, head: HeadRow): Promise<SignedHead> {
  const keys = ktKeys(core);
  const cosignatures = await core.db
    .select({ witness: ktCosignatures.witness, signature: ktCosignatures.signature })
    .from(ktCosignatures)
    .where(eq(ktCosignatures.epoch, head.epoch))
    .orderBy(asc(ktCosignatures.createdAt));
  return {
    epoch: head.epoch,
    timestamp: head.timestampMs,
    treeRoot: head.treeRoot,
    logRoot: head.logRoot,
    headPublicKey: keys.headPublic,
    vrfPublicKey: keys.vrfPublic,
    signature: head.signature,
    cosignatures,
  };
}

export async function headRows(core: Core, epochs: number[]): Promise<HeadRow[]> {
  if (epochs.length === 0) return [];
  return core.db
    .select()
    .from(ktHeads)
    .where(inArray(ktHeads.epoch, epochs))
    .orderBy(asc(ktHeads.epoch));
}
