// POST /v1/billing/checkout-sessions (interface.md §4.1, contract.md §10, §11).
// Order of checks: a live subscription is known locally (409 subscription-active),
// then billing must be on (503), then Stripe. The price goes inline (`price_data`)
// from the configured table; the account travels as `client_reference_id` on the
// session and `metadata.accountId` on the subscription, which is how webhooks find
// it again. A returning customer keeps their Stripe customer.
//
// Parallel starts (a double click, two tabs) must not open two payable sessions:
// the Stripe idempotency key is derived from the account's billing state and the
// request, so while that state holds every identical start gets Stripe's one
// session back (Stripe keeps keys 24 h, as long as a session stays open). A
// session paid in a race with another plan or currency is caught by the webhook,
// which undoes the second live subscription (see second-subscription.ts).
import { createHash } from "node:crypto";
import { isLiveStatus } from "../accounts/tier";
import type { Core } from "../core";
import type { Caller } from "../types";
import { accountGone, billingUnavailable, subscriptionActive } from "./billing-errors";
import { readBilling } from "./billing-store";
import { type Currency, INTERVALS, type Plan } from "./config";
import type { StoredBilling } from "./next-billing";
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
  const back = `${core.config.publicUrl}/plan`;
  const idempotencyKey = checkoutKey(caller.accountId, stored, plan, currency);
  const session = await callStripe(core, "checkout.sessions.create", () =>
    stripe.checkout.sessions.create(
      {
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
        success_url: `${back}?billing=success`,
        cancel_url: `${back}?billing=cancelled`,
      },
      { idempotencyKey },
    ),
  );
  if (!session.url) throw billingUnavailable("The payment provider gave no checkout page.");
  return { url: session.url };
}

/** One key per account, billing state and request: what makes parallel starts one session. */
export function checkoutKey(
  accountId: string,
  stored: StoredBilling,
  plan: Plan,
  currency: Currency,
): string {
  const state = [
    accountId,
    stored.customerId,
    stored.subscriptionId,
    stored.status,
    stored.lastEventCreated,
    plan,
    currency,
  ];
  return `checkout-${createHash("sha256").update(JSON.stringify(state)).digest("base64url")}`;
}
