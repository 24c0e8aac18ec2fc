// POST /v1/billing/portal-sessions: Stripe's customer portal for the account's
// customer. Without one (never been to checkout) → 409 no-billing-profile, known
// locally and so answered before 503 billing-unavailable (contract.md §11).
import type { Core } from "../core";
import type { Caller } from "../types";
import { accountGone, noBillingProfile } from "./billing-errors";
import { readBilling } from "./billing-store";
import { callStripe, stripeApi } from "./stripe-client";

export async function openPortal(core: Core, caller: Caller): Promise<{ url: string }> {
  const stored = await readBilling(core.db, caller.accountId);
  if (!stored) throw accountGone();
  const customer = stored.customerId;
  if (!customer) throw noBillingProfile();
  const stripe = stripeApi(core.config);
  const session = await callStripe(core, "billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: `${core.config.publicUrl}/plan`,
    }),
  );
  return { url: session.url };
}
