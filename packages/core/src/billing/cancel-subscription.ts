// Ends a subscription on Stripe at once: the second subscription of a checkout
// race (next-billing.ts), and the live one of an account being deleted, which
// would otherwise go on charging someone who has no account any more.
import type { Core } from "../core";
import { billingUnavailable } from "./billing-errors";
import { callStripe, isMissingOnStripe, stripeApi } from "./stripe-client";

/**
 * Cancels `subscriptionId` now. One Stripe no longer knows counts as done;
 * anything else (billing off, Stripe down) is 503 billing-unavailable.
 */
export async function cancelOnStripe(core: Core, subscriptionId: string): Promise<void> {
  if (!core.config.billing?.secretKey)
    throw billingUnavailable("Billing is off here, so the subscription cannot be cancelled.");
  const stripe = stripeApi(core.config);
  await callStripe(core, "subscriptions.cancel", async () => {
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (!isMissingOnStripe(error)) throw error;
    }
  });
}

/** The webhook's follow-up to a `second-subscription`: never fails the delivery. */
export async function cancelSecondSubscription(
  core: Core,
  subscriptionId: string,
  accountId?: string,
) {
  try {
    await cancelOnStripe(core, subscriptionId);
    core.log.warn({ subscriptionId, accountId }, "second live subscription cancelled");
  } catch {
    core.log.error(
      { subscriptionId, accountId },
      "second live subscription could not be cancelled: cancel it in the Stripe dashboard",
    );
  }
}
