// Storage accounting (contract.md §4): the owner's `account_bytes` moves with
// every stored byte, under the tier's ceiling, in the same transaction as the
// write. The ceiling and the refusal are the SQL helpers account_ceiling and
// storage_refusal (packages/db/sql/functions), which the append functions call too.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { CEILINGS } from "../accounts/tier";
import { DomainError } from "../errors";
import { throwIfRefused } from "./refusals";

/**
 * Adds `delta` bytes (and `notes` notes) to the owner's usage, or throws the tier's
 * storage error when that crosses its ceiling; the caller's transaction must then
 * roll back, which undoes the addition. One plain UPDATE that judges the row it
 * wrote: it takes the row lock and works on the latest row version, so parallel
 * writers neither overshoot nor deadlock (a lock-then-update CTE in one statement
 * did deadlock under 16 parallel creates), and the refusal is decided on the same
 * version as the write.
 */
export async function chargeStorage(
  tx: Queryable,
  ownerId: string,
  delta: number,
  notes = 0,
): Promise<void> {
  const [charged] = await rows<{ refusal: string | null }>(
    tx,
    sql`update accounts set account_bytes = account_bytes + ${delta}::bigint,
                            note_count = note_count + ${notes}::bigint
        where id = ${ownerId}
        returning storage_refusal(account_bytes - ${delta}::bigint, ${delta}::bigint,
                    account_ceiling(complimentary, subscription_status,
                                    ${CEILINGS.free}::bigint, ${CEILINGS.subscribed}::bigint),
                    ${CEILINGS.free}::bigint) as refusal`,
  );
  if (!charged) throw new DomainError("note-not-found", "The note's owner no longer exists.");
  throwIfRefused(charged.refusal);
}

export const byteLength = (...parts: (Uint8Array | null | undefined)[]) =>
  parts.reduce((sum, p) => sum + (p?.byteLength ?? 0), 0);
