// PATCH /v1/billing/subscription {cancelAtPeriodEnd}: schedules or clears the end
// of the live subscription at its period's end. No live subscription is known
// locally (409 no-subscription) before billing must be on (503). Stripe's answer
// is the freshest state there is, so it is stored at once (the webhook that
// follows then changes nothing); it does not move the event clock, which only
// webhook events' own `created` times do.
import type { AccountView } from "../accounts/account-view";
import { isLiveStatus } from "../accounts/tier";
import type { Core } from "../core";
import type { Caller } from "../types";
import { accountGone, billingUnavailable, noSubscription } from "./billing-errors";
import { readBilling, writeBilling } from "./billing-store";
import { parseSubscription, snapshotOf } from "./event-facts";
import type { SubscriptionFields } from "./next-billing";
import { callStripe, isMissingOnStripe, stripeApi } from "./stripe-client";

export type SubscriptionView = AccountView["subscription"];

export function subscriptionView(fields: SubscriptionFields): SubscriptionView {
  return {
    status: fields.status,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd,
    ...(fields.plan !== null && { plan: fields.plan }),
    ...(fields.currentPeriodEnd !== null && {
      currentPeriodEnd: fields.currentPeriodEnd.toISOString(),
    }),
  };
}

export async function setCancelAtPeriodEnd(
  core: Core,
  caller: Caller,
  cancelAtPeriodEnd: boolean,
): Promise<SubscriptionView> {
  const stored = await readBilling(core.db, caller.accountId);
  if (!stored) throw accountGone();
  const subscriptionId = stored.subscriptionId;
  if (!subscriptionId || !isLiveStatus(stored.status)) throw noSubscription();
  const stripe = stripeApi(core.config);
  const updated = await callStripe(core, "subscriptions.update", async () => {
    try {
      return await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancelAtPeriodEnd,
      });
    } catch (error) {
      if (isMissingOnStripe(error)) throw noSubscription();
      throw error;
    }
  });
  const sub = parseSubscription(updated);
  if (!sub) throw billingUnavailable("The payment provider's answer could not be read.");
  const snapshot = snapshotOf(sub);
  return core.db.transaction(async (tx) => {
    const current = await readBilling(tx, caller.accountId, true);
    if (!current) throw accountGone();
    // A webhook may have moved the account to another subscription meanwhile.
    if (current.subscriptionId !== subscriptionId) return subscriptionView(current);
    const next = {
      ...current,
      status: snapshot.status,
      plan: snapshot.plan ?? current.plan,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      currentPeriodEnd: snapshot.currentPeriodEnd ?? current.currentPeriodEnd,
    };
    await writeBilling(tx, caller.accountId, current, next);
    return subscriptionView(next);
  });
}
