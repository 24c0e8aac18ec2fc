// POST /v1/billing/checkout-sessions (interface.md §4.1, contract.md §10, §11).
// Order of checks: a live subscription is known locally (409 subscription-active),
// then billing must be on (503), then Stripe. The price goes inline (`price_data`)
// from the configured table; the account travels as `client_reference_id` on the
// session and `metadata.accountId` on the subscription, which is how webhooks find
// it again. A returning customer keeps their Stripe customer.
import { isLiveStatus } from "../accounts/tier";
import type { Caller, Core } from "../core";
import { accountGone, billingUnavailable, subscriptionActive } from "./billing-errors";
import { readBilling } from "./billing-store";
import { type Currency, INTERVALS, type Plan } from "./config";
import { callStripe, stripeApi } from "./stripe-client";

export async function startCheckout(
  core: Core,
  caller: Caller,
  input: { plan: Plan; currency?: Currency | null },
): Promise<{ url: string }> {
  const stored = await readBilling(core.db, caller.accountId);
  if (!stored) throw accountGone();
  if (isLiveStatus(stored.status)) throw subscriptionActive();
  const stripe = stripeApi(core.config);
  const { plan } = input;
  const currency = input.currency ?? "usd";
  const unitAmount = core.config.billing?.prices[plan][currency] ?? 0;
  const metadata = { accountId: caller.accountId, plan };
  const settings = `${core.config.publicUrl}/settings`;
  const session = await callStripe(core, "checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      client_reference_id: caller.accountId,
      ...(stored.customerId && { customer: stored.customerId }),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency,
            unit_amount: unitAmount,
            recurring: { interval: INTERVALS[plan] },
            product_data: { name: `Notes Premium (${plan})` },
          },
        },
      ],
      subscription_data: { metadata },
      metadata,
      success_url: `${settings}?billing=success`,
      cancel_url: `${settings}?billing=cancelled`,
    }),
  );
  if (!session.url) throw billingUnavailable("The payment provider gave no checkout page.");
  return { url: session.url };
}
