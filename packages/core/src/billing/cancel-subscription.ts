// Ends a subscription on Stripe at once: the second subscription of a checkout
// race (second-subscription.ts), and the live one of an account being deleted, which
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
