// Billing configuration (contract.md §8, §10): the Stripe keys, the API origin the
// SDK talks to, and the price table (plan × currency, in minor units). Prices live
// here rather than in Stripe: checkout sends them inline (`price_data`), so a
// Stripe account needs no product or price set up beforehand.
export const PLANS = ["monthly", "yearly"] as const;
export const CURRENCIES = ["eur", "gbp", "usd"] as const;
export type Plan = (typeof PLANS)[number];
export type Currency = (typeof CURRENCIES)[number];
export type PriceTable = Record<Plan, Record<Currency, number>>;
export type PriceOverrides = Partial<Record<Plan, Partial<Record<Currency, number>>>>;

/** Stripe's recurring interval of each plan. */
export const INTERVALS: Record<Plan, "month" | "year"> = { monthly: "month", yearly: "year" };

export const DEFAULT_PRICES: PriceTable = {
  monthly: { eur: 400, gbp: 400, usd: 400 },
  yearly: { eur: 4000, gbp: 4000, usd: 4000 },
};

export interface BillingConfig {
  /** STRIPE_SECRET_KEY; absent → checkout, portal, cancellation and prices answer 503. */
  secretKey?: string;
  /** STRIPE_WEBHOOK_SECRET; absent → signed webhooks answer 503. */
  webhookSecret?: string;
  /** STRIPE_API_BASE: a Stripe-compatible origin (tests run a local fake); Stripe's own when absent. */
  apiBase?: string;
  prices: PriceTable;
}

/** The default table with the configured amounts laid over it. */
export function priceTable(overrides: PriceOverrides = {}): PriceTable {
  return {
    monthly: { ...DEFAULT_PRICES.monthly, ...overrides.monthly },
    yearly: { ...DEFAULT_PRICES.yearly, ...overrides.yearly },
  };
}
