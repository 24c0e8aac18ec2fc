// Reads and writes an account's billing state: the Subscription fields on
// `accounts` and the Stripe mapping in `billing_profiles`. A write that changes
// what the Account shows announces an `account` event in the same transaction
// (contract.md §7), so the account's feeds hear it at commit.
import { accounts, billingProfiles, type Queryable } from "@notes/db";
import { eq } from "drizzle-orm";
import { announce } from "../realtime/announce";
import { type BillingFacts, type StoredBilling, subscriptionChanged } from "./next-billing";

/** The account's billing state; `lock` holds its row until the transaction ends. */
export async function readBilling(
  q: Queryable,
  accountId: string,
  lock = false,
): Promise<StoredBilling | undefined> {
  const query = q
    .select({
      status: accounts.subscriptionStatus,
      plan: accounts.subscriptionPlan,
      cancelAtPeriodEnd: accounts.cancelAtPeriodEnd,
      currentPeriodEnd: accounts.currentPeriodEnd,
      customerId: billingProfiles.customerId,
      subscriptionId: billingProfiles.subscriptionId,
      lastEventCreated: billingProfiles.lastEventCreated,
    })
    .from(accounts)
    .leftJoin(billingProfiles, eq(billingProfiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  const [row] = lock ? await query.for("update", { of: accounts }) : await query;
  if (!row) return undefined;
  return {
    ...row,
    customerId: row.customerId ?? null,
    subscriptionId: row.subscriptionId ?? null,
    lastEventCreated: row.lastEventCreated ?? null,
  };
}

export async function writeBilling(
  q: Queryable,
  accountId: string,
  before: StoredBilling,
  after: StoredBilling,
): Promise<void> {
  const profile = {
    customerId: after.customerId,
    subscriptionId: after.subscriptionId,
    lastEventCreated: after.lastEventCreated,
    updatedAt: new Date(),
  };
  await q
    .insert(billingProfiles)
    .values({ accountId, ...profile })
    .onConflictDoUpdate({ target: billingProfiles.accountId, set: profile });
  if (!subscriptionChanged(before, after)) return;
  await q
    .update(accounts)
    .set({
      subscriptionStatus: after.status,
      subscriptionPlan: after.plan,
      cancelAtPeriodEnd: after.cancelAtPeriodEnd,
      currentPeriodEnd: after.currentPeriodEnd,
    })
    .where(eq(accounts.id, accountId));
  await announce(q, { e: "account", accountId });
}

/**
 * The account an event concerns: the id we put on the checkout session or the
 * subscription's metadata, else whoever holds its subscription or customer.
 */
export async function accountOf(q: Queryable, facts: BillingFacts): Promise<string | undefined> {
  if (facts.accountId) {
    const [row] = await q
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, facts.accountId));
    if (row) return row.id;
  }
  const byColumn = async (column: "subscriptionId" | "customerId", value: string | undefined) => {
    if (value === undefined) return undefined;
    const [row] = await q
      .select({ id: billingProfiles.accountId })
      .from(billingProfiles)
      .where(eq(billingProfiles[column], value))
      .limit(1);
    return row?.id;
  };
  return (
    (await byColumn("subscriptionId", facts.subscriptionId)) ??
    (await byColumn("customerId", facts.customerId))
  );
}
