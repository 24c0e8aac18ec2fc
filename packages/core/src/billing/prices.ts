// GET /v1/billing/prices: every plan × currency from configuration, in minor
// units. Billing operations answer 503 when billing is off (contract.md §8), this
// one too: a client that shows no prices then offers no upgrade.
import type { CoreConfig } from "../core";
import { billingUnavailable } from "./billing-errors";
import { CURRENCIES, type Currency, INTERVALS, PLANS, type Plan } from "./config";

export interface PlanPrice {
  plan: Plan;
  currency: Currency;
  unitAmount: number;
  interval: "month" | "year";
}

export function listPrices(config: CoreConfig): { prices: PlanPrice[] } {
  const billing = config.billing;
  if (!billing?.secretKey) throw billingUnavailable();
  return {
    prices: PLANS.flatMap((plan) =>
      CURRENCIES.map((currency) => ({
        plan,
        currency,
        unitAmount: billing.prices[plan][currency],
        interval: INTERVALS[plan],
      })),
    ),
  };
}
