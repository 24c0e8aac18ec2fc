// Closing an epoch: the accounts enqueued since the last one get a new binding where
// their keys changed, the notes whose signed roster chain grew a new roster leaf
// (roster-leaves.ts), the accounts that stored a new sealed copy of their seen heads a
// seen-heads leaf (seen-leaves.ts), the tree and the log of heads take them, and the head is signed.
// One instance at a time (a transaction-scoped advisory lock, tried, not awaited), and
// at most one epoch per interval across instances and restarts (the interval is read
// from the last head's timestamp, not a timer's memory). While witnesses are required,
// no head is made before the last one is cosigned: clients only see cosigned heads, and
// a stalled witness shows as a head that stops advancing (freezing, which clients bound).
// With nothing to log, an epoch closes only once the last head is `idleMs` old: a head
// still shows the log alive (within the clients' freezing bound, FREEZING_BOUND_MS), without a signature, a row and an auditor's request per
// quiet interval. Each tick that closes nothing costs one or two reads, no transaction.
import { randomBytes } from "node:crypto";
import {
  ktBindings,
  ktCosignatures,
  ktHeads,
  ktPending,
  ktRosterPending,
  ktSeenPending,
  rows,
} from "@notes/db";
import {
  bindingCommitment,
  equalBytes,
  headLogLeaf,
  type PrefixTree,
  signHead,
  vrfInput,
  vrfProve,
} from "@notes/keytrans";
import { desc, eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { ktConfig, ktKeys } from "./config";
import { adoptEpoch, directoryAt } from "./directory";
import { logRosterHeads } from "./roster-leaves";
import { logSeenHeads } from "./seen-leaves";

/** pg_advisory_xact_lock key of the epoch job ("KT" in ASCII, and a tag). */
const EPOCH_LOCK = 0x4b54_0001;
const INSERT_CHUNK = 1000;

export interface ClosedEpoch {
  epoch: number;
  /** Bindings logged in it (accounts whose keys changed). */
  logged: number;
  /** Roster heads logged in it (notes whose signed chain grew). */
  rosters: number;
  /** Seen-heads copies logged in it (accounts that stored a new one). */
  seen: number;
}

interface PendingRow {
  account_id: string;
  public_key: Uint8Array | null;
  signing_public_key: Uint8Array | null;
  version: number | null;
  b_public_key: Uint8Array | null;
  b_signing_public_key: Uint8Array | null;
  commitment: Uint8Array | null;
  vrf_index: Uint8Array | null;
  vrf_proof: Uint8Array | null;
}

const sameKey = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === null || b === null ? a === b : equalBytes(a, b);

/** The idle interval, never shorter than an epoch. */
export const idleEpochMs = (core: Core) => {
  const { epochMs, idleMs } = ktConfig(core);
  return Math.max(epochMs, idleMs ?? epochMs);
};

/** What a run saw before deciding: the newest head's time, and whether anything waited. */
export interface EpochLook {
  headAt?: number;
  pending: boolean;
}

export interface RunEpochOptions {
  now?: number;
  force?: boolean;
  /** Told what the run read first (the epoch job plans its next read from it). */
  looked?: (look: EpochLook) => void;
}

/**
 * Closes the next epoch if it is due (or `force`), answering it; undefined when another
 * instance holds the job, the interval has not passed or the last head awaits witnesses.
 */
export async function runEpoch(
  core: Core,
  options: RunEpochOptions = {},
): Promise<ClosedEpoch | undefined> {
  const now = options.now ?? Date.now();
  const { epochMs, quorum, witnessKeys } = ktConfig(core);
  // Read before the transaction: an embedded database has one connection, which the
  // transaction holds. Checked again under the lock. One statement: on the embedded
  // database each costs a millisecond or more, and the epoch job reads this often.
  const [before] = await core.db
    .select({
      epoch: ktHeads.epoch,
      timestampMs: ktHeads.timestampMs,
      pending: sql<boolean>`exists (select 1 from ${ktPending}) or exists (select 1 from ${ktRosterPending})
          or exists (select 1 from ${ktSeenPending})`,
    })
    .from(ktHeads)
    .orderBy(desc(ktHeads.epoch))
    .limit(1);
  options.looked?.({ headAt: before?.timestampMs, pending: before?.pending === true });
  if (before && !options.force) {
    const age = now - before.timestampMs;
    if (age < epochMs) return undefined;
    if (age < idleEpochMs(core) && before.pending !== true) return undefined;
  }
  const copy = await directoryAt(core, before?.epoch ?? 0);
  const keys = ktKeys(core);
  const closed = await core.db.transaction(async (tx) => {
    const [lock] = await rows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${EPOCH_LOCK}) as locked`,
    );
    if (!lock?.locked) return undefined;
    const [latest] = await tx.select().from(ktHeads).orderBy(desc(ktHeads.epoch)).limit(1);
    const previous = latest?.epoch ?? 0;
    if (previous !== copy.epoch) return undefined;
    if (latest && !options.force && now - latest.timestampMs < epochMs) return undefined;
    if (latest && quorum > 0) {
      const cosigners = await tx
        .select({ witness: ktCosignatures.witness })
        .from(ktCosignatures)
        .where(eq(ktCosignatures.epoch, latest.epoch));
      const counted = cosigners.filter((c) => witnessKeys.some((w) => equalBytes(w, c.witness)));
      if (counted.length < quorum) return undefined;
    }
    const epoch = previous + 1;
    // Drained first, then read: a publication committed after this read enqueues anew.
    const drained = await tx.delete(ktPending).returning({ accountId: ktPending.accountId });
    const pending: PendingRow[] = [];
    for (let i = 0; i < drained.length; i += INSERT_CHUNK) {
      const ids = drained.slice(i, i + INSERT_CHUNK).map((d) => d.accountId);
      pending.push(
        ...(await rows<PendingRow>(
          tx,
          sql`select a.id as account_id, a.public_key, a.signing_public_key, b.version,
                     b.public_key as b_public_key, b.signing_public_key as b_signing_public_key,
                     b.commitment, b.vrf_index, b.vrf_proof
              from accounts a
              left join lateral (select * from kt_bindings k where k.account_id = a.id
                                 order by k.version desc limit 1) b on true
              where a.id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
        )),
      );
    }
    const bindings: (typeof ktBindings.$inferInsert)[] = [];
    for (const row of pending) {
      if (row.public_key === null && row.signing_public_key === null) continue;
      if (
        row.version !== null &&
        sameKey(row.public_key, row.b_public_key) &&
        sameKey(row.signing_public_key, row.b_signing_public_key)
      )
        continue;
      const placed =
        row.vrf_index && row.vrf_proof
          ? { index: row.vrf_index, proof: row.vrf_proof }
          : (() => {
              const { proof, output } = vrfProve(keys.vrfSecret, vrfInput(row.account_id));
              return { index: output.slice(0, 32), proof };
            })();
      const version = (row.version ?? 0) + 1;
      const prev = row.commitment ?? new Uint8Array(32);
      const opening = new Uint8Array(randomBytes(16));
      const binding = {
        version,
        prev,
        ...(row.public_key && { publicKey: row.public_key }),
        ...(row.signing_public_key && { signingPublicKey: row.signing_public_key }),
      };
      bindings.push({
        accountId: row.account_id,
        version,
        epoch,
        vrfIndex: placed.index,
        vrfProof: placed.proof,
        publicKey: row.public_key,
        signingPublicKey: row.signing_public_key,
        prev,
        opening,
        commitment: bindingCommitment(row.account_id, opening, binding),
      });
    }
    for (let i = 0; i < bindings.length; i += INSERT_CHUNK) {
      await tx.insert(ktBindings).values(bindings.slice(i, i + INSERT_CHUNK));
    }
    const rosters = await logRosterHeads(tx, epoch, keys.vrfSecret);
    const seen = await logSeenHeads(tx, epoch, keys.vrfSecret);
    const tree = (copy.trees.get(previous) as PrefixTree).with(
      [...bindings, ...rosters, ...seen].map((b) => ({
        index: b.vrfIndex,
        commitment: b.commitment,
      })),
    );
    const head = {
      epoch,
      timestamp: Math.max(now, (latest?.timestampMs ?? 0) + 1),
      treeRoot: tree.root,
      headPublicKey: keys.headPublic,
      vrfPublicKey: keys.vrfPublic,
    };
    const leaf = headLogLeaf(head);
    const log = copy.frontier.clone();
    log.push(leaf);
    const signed = { ...head, logRoot: log.root() };
    await tx.insert(ktHeads).values({
      epoch,
      timestampMs: signed.timestamp,
      treeRoot: signed.treeRoot,
      logRoot: signed.logRoot,
      signature: signHead(keys.headSecret, signed),
    });
    return {
      epoch,
      logged: bindings.length,
      rosters: rosters.length,
      seen: seen.length,
      tree,
      leaf,
    };
  });
  if (!closed) return undefined;
  adoptEpoch(core, closed.epoch, closed.tree, closed.leaf);
  const { epoch, logged, rosters, seen } = closed;
  core.log.info({ epoch, logged, rosters, seen }, "key transparency: epoch closed");
  return { epoch, logged, rosters, seen };
}
