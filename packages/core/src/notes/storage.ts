// Storage accounting (contract.md §4): the owner's `account_bytes` moves with
// every stored byte, under the tier's ceiling, in the same transaction as the
// write; one conditional UPDATE keeps parallel writers from overshooting.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { CEILINGS } from "../accounts/tier";
import { DomainError } from "../errors";
import { storageFull } from "./refusals";

const ceilingSql = sql`case when complimentary or subscription_status in ('active', 'trialing', 'past_due')
  then ${CEILINGS.subscribed}::bigint else ${CEILINGS.free}::bigint end`;

/**
 * Adds `delta` bytes (and `notes` notes) to the owner's usage when it stays under
 * the tier's ceiling, or throws the tier's storage error (the transaction then
 * rolls back). One plain UPDATE: it takes the row lock and re-checks its condition
 * on the latest row version, so parallel writers neither overshoot nor deadlock
 * (a lock-then-update CTE in one statement did deadlock under 16 parallel creates).
 */
export async function chargeStorage(
  tx: Queryable,
  ownerId: string,
  delta: number,
  notes = 0,
): Promise<void> {
  const [charged] = await rows<{ id: string }>(
    tx,
    sql`update accounts set account_bytes = account_bytes + ${delta}::bigint,
                            note_count = note_count + ${notes}::bigint
        where id = ${ownerId}
          and (${delta}::bigint <= 0 or account_bytes + ${delta}::bigint <= ${ceilingSql})
        returning id`,
  );
  if (charged) return;
  const [owner] = await rows<{ free: boolean }>(
    tx,
    sql`select ${ceilingSql} = ${CEILINGS.free}::bigint as free from accounts where id = ${ownerId}`,
  );
  if (!owner) throw new DomainError("note-not-found", "The note's owner no longer exists.");
  throw storageFull(owner.free);
}

export const byteLength = (...parts: (Uint8Array | null | undefined)[]) =>
  parts.reduce((sum, p) => sum + (p?.byteLength ?? 0), 0);
