// This process's group-commit queue of appends (core.appends). Alone, an append calls
// `notes_append` (packages/db/sql/functions/notes_append.sql), which locks the note,
// checks the caller's role, answers a repeated requestId with the first request's
// coordinates (a racing repeat too: the lock serializes them), draws the seq under the
// change lock, inserts the updates and moves the note, its members' seq and the
// owner's usage in one round trip; its refusals arrive as SQLSTATE NT001 carrying the
// problem slug (refusals.ts). Under load, the appends waiting for a lane leave
// together through `notes_append_batch` (notes_append_batch.sql beside it): the same
// checks and writes for the whole batch in one statement and one commit, refusals
// answered per append.
import { type Db, isUnavailable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { CEILINGS } from "../accounts/tier";
import { GroupQueue } from "../shared/group-queue";
import type { Log } from "../types";
import { NOTE_CEILING, refusalNamed, refusalOf } from "./refusals";

/** One append as the queue and the database functions take it (bytes as Base64). */
export interface AppendJob {
  note: string;
  account: string;
  request: string | null;
  updates: string[];
  metadata: string | null;
  /** Aligned with `updates` (a null entry: that update unsigned); null when all are. */
  signatures: (string | null)[] | null;
  metadataSignature: string | null;
}

/** Its coordinates, and the note's owner (null for a repeated requestId: nothing to announce). */
export interface Appended {
  seq: number;
  version: number;
  owner: string | null;
}

export type AppendQueue = GroupQueue<AppendJob, Appended>;

/**
 * Below three appends the batch statement costs more than the single calls it
 * replaces (measured: ~700 µs of Postgres CPU for a batch of one, ~220 µs an
 * append at five, ~110 at 25, against ~390 for `notes_append`).
 */
const BATCH_FROM = 3;

/** Base64 length of a signature block (80 bytes), for a batch's weight. */
const SIGNATURE_CHARS = 108;

/**
 * One batch in flight: the next one gathers while it is written. With two lanes
 * (until 2026-11-24) the appends that arrived just as a batch left took the
 * second lane on their own, so ~6% of the appends under the benchmark went as
 * single calls at about three times a batched append's database cost, and the
 * batches were smaller (~21 appends against ~27): docs/benchmarks-log.md, "The append's
 * plans and rows".
 */
export function appendQueue(db: Db, log: Log): AppendQueue {
  return new GroupQueue((jobs) => runAppends(db, log, jobs), {
    lanes: 1,
    maxJobs: 64,
    maxWeight: 4 * 1024 * 1024,
    // The requests parsed in one turn append together, on PGlite too (group-queue.ts).
    turn: true,
    key: (job) => job.note,
    weight: (job) =>
      job.updates.reduce((n, u) => n + u.length, job.metadata?.length ?? 0) +
      (job.signatures?.length ?? 0) * SIGNATURE_CHARS,
  });
}

const settle = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> =>
  p.then(
    (value) => ({ status: "fulfilled", value }),
    (reason: unknown) => ({ status: "rejected", reason }),
  );

interface AppendRow {
  out_seq: string | number | null;
  out_version: string | number | null;
  out_owner: string | null;
}

const appended = (row: AppendRow): Appended => ({
  seq: Number(row.out_seq),
  version: Number(row.out_version),
  owner: row.out_owner,
});

/** One append in its own transaction (`notes_append`). */
async function appendOne(db: Db, job: AppendJob): Promise<Appended> {
  try {
    const [row] = await rows<AppendRow>(
      db,
      sql`select out_seq, out_version, out_owner from notes_append(
            ${job.note}::uuid, ${job.account}::uuid, ${job.request}::uuid,
            ${JSON.stringify(job.updates)}::jsonb, ${job.metadata}::text,
            ${NOTE_CEILING}::bigint, ${CEILINGS.free}::bigint, ${CEILINGS.subscribed}::bigint,
            ${job.signatures && JSON.stringify(job.signatures)}::jsonb,
            ${job.metadataSignature}::text)`,
    );
    if (!row) throw new Error("notes_append returned no row");
    return appended(row);
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

async function runAppends(
  db: Db,
  log: Log,
  jobs: AppendJob[],
): Promise<PromiseSettledResult<Appended>[]> {
  if (jobs.length < BATCH_FROM) return Promise.allSettled(jobs.map((job) => appendOne(db, job)));
  let answered: (AppendRow & { ord: number; out_refusal: string | null })[];
  try {
    answered = await rows(
      db,
      sql`select ord, out_seq, out_version, out_owner, out_refusal from notes_append_batch(
            ${JSON.stringify(jobs)}::jsonb,
            ${NOTE_CEILING}::bigint, ${CEILINGS.free}::bigint, ${CEILINGS.subscribed}::bigint)`,
    );
  } catch (error) {
    // The database is out of reach: every append would fail the same way (503).
    if (isUnavailable(error)) throw error;
    // Anything else undid the whole batch: each append goes again on its own, so
    // only the one that caused it fails.
    log.warn({ err: error, appends: jobs.length }, "append batch failed; appending one by one");
    const results: PromiseSettledResult<Appended>[] = [];
    for (const job of jobs) results.push(await settle(appendOne(db, job)));
    return results;
  }
  const byOrd = new Map(answered.map((row) => [Number(row.ord), row]));
  const results: PromiseSettledResult<Appended>[] = [];
  for (const [i, job] of jobs.entries()) {
    const row = byOrd.get(i + 1);
    if (!row) {
      results.push({
        status: "rejected",
        reason: new Error("notes_append_batch skipped an append"),
      });
    } else if (row.out_refusal === "crowded") {
      // Its owner's usage may cross the ceiling: decided one append at a time, in order.
      results.push(await settle(appendOne(db, job)));
    } else if (row.out_refusal) {
      results.push({
        status: "rejected",
        reason:
          refusalNamed(row.out_refusal) ?? new Error(`notes_append_batch: ${row.out_refusal}`),
      });
    } else {
      results.push({ status: "fulfilled", value: appended(row) });
    }
  }
  return results;
}
