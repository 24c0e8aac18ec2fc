// What this server offers a free account: its plan prices, or none at all. Prices
// come from the server's configuration and never from Stripe, so GET
// /v1/billing/prices answers 503 billing-unavailable for one reason only: the
// operator has not configured billing (contract.md §8). That is a fact about the
// server, not an outage, and reads as one; anything else is a failure to load.
import { isProblem, type Output } from "@notes/client";
import { describeError } from "../problem-text";

export type Price = Output<"billing.prices">["prices"][number];

export type BillingOffer =
  | { kind: "prices"; prices: Price[] }
  /** This server does not sell plans: premium comes only from its operator. */
  | { kind: "not-sold" }
  | { kind: "failed"; message: string };

/** `readPrices` is GET /v1/billing/prices (the vault's `billing.prices`). */
export async function loadBillingOffer(
  readPrices: () => Promise<Output<"billing.prices">>,
): Promise<BillingOffer> {
  try {
    const { prices } = await readPrices();
    return prices.length > 0 ? { kind: "prices", prices } : { kind: "not-sold" };
  } catch (error) {
    if (isProblem(error, "billing-unavailable")) return { kind: "not-sold" };
    return { kind: "failed", message: describeError(error) };
  }
}
