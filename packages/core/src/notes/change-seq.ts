// Gap-free change numbers. A writer takes a shared advisory lock before drawing
// its seq and holds it until commit; a sync reader briefly takes the lock
// exclusively, so when it reads the sequence's last value every seq at or below
// it belongs to a finished transaction. The feed serves only up to that
// watermark: a change committed with a lower seq after a higher one cannot be
// skipped. (Embedded mode serializes transactions anyway; the same code runs.)
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";

/**
 * The lock's key. notes_append.sql and notes_append_batch.sql take it too, written inline:
 * as a SQL function of its own it cost an append a quarter of its throughput (0434616).
 * change-seq-copies.test.ts holds the copies to this value.
 */
export const CHANGE_LOCK = 7_340_220;

/** Draws the seq of a change; call first inside the writing transaction. */
export async function drawSeq(tx: Queryable): Promise<number> {
  const [row] = await rows<{ seq: string | number }>(
    tx,
    sql`select pg_advisory_xact_lock_shared(${CHANGE_LOCK}), nextval('change_seq') as seq`,
  );
  return Number(row?.seq);
}

/** The highest seq below which no transaction is still in flight. */
export async function stableWatermark(core: Core): Promise<number> {
  return core.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOCK})`);
    return lastSeq(tx);
  });
}

/** The last seq drawn (0 before any); without the lock a change below it may still be in flight. */
export async function lastSeq(q: Queryable): Promise<number> {
  const [row] = await rows<{ last_value: string | number; is_called: boolean }>(
    q,
    sql`select last_value, is_called from change_seq`,
  );
  return row?.is_called ? Number(row.last_value) : 0;
}
