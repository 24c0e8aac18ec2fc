// Bridge access (contract.md §4): premium, that is `subscribed` or
// `complimentary`. Checked on every bridge operation, for the caller and for the
// recipient of a key wrap; the SQL form picks the members for currentEpoch and
// the live announce.
import type { Queryable } from "@notes/db";
import { type SQL, sql } from "drizzle-orm";
import { getAccountRow } from "../accounts/find-account";
import { isPremium, LIVE_STATUSES, tierOf } from "../accounts/tier";
import { DomainError } from "../errors";

export const bridgeAccessRequired = (detail = "The bridge needs a premium account.") =>
  new DomainError("bridge-access-required", detail);

export async function requireBridgeAccess(q: Queryable, accountId: string): Promise<void> {
  if (!isPremium(tierOf(await getAccountRow(q, accountId)))) throw bridgeAccessRequired();
}

/** Condition on an `accounts` row aliased `a`: the account has bridge access now. */
export const hasBridgeAccessSql: SQL = sql`(a.complimentary or a.subscription_status in (${sql.join(
  LIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}))`;
