"use client";
// The Plan page: the account's tier and storage against its ceiling, the prices
// to upgrade (free accounts), and the live subscription's controls (subscribed).
// The account is watched, so the tier changes here as soon as Stripe's webhook
// lands after checkout.
import { useEffect } from "react";
import "../premium.css";
import { StorageMeter } from "../settings/storage-meter";
import { useVault } from "../vault-context";
import { CheckoutReturn } from "./checkout-return";
import { PriceList } from "./price-list";
import { SubscriptionSection } from "./subscription-section";

// A subscription in these states can be managed and cancelled; a complimentary
// account may hold one too. (The tier itself always comes from the server.)
const LIVE = new Set(["active", "trialing", "past_due"]);

const TIER_TEXT = {
  free: "Free",
  subscribed: "Premium",
  complimentary: "Premium (complimentary)",
} as const;

export function PlanScreen() {
  const { vault, state } = useVault();
  useEffect(() => vault.watchAccount(), [vault]);
  const account = state.account;
  if (!account) return null;
  const tier = account.tier as keyof typeof TIER_TEXT;
  return (
    <main className="settings plan">
      <h1>Your plan</h1>
      <CheckoutReturn tier={account.tier} />
      <section aria-labelledby="tier-h">
        <h2 id="tier-h">Current plan</h2>
        <p className="tier" data-testid="tier">
          {TIER_TEXT[tier] ?? account.tier}
        </p>
        {tier === "complimentary" && (
          <p>Premium is yours at no cost, courtesy of the operator of this service.</p>
        )}
        {tier === "free" && <p>Premium raises your storage to 20 GiB and opens the bridge.</p>}
      </section>
      <StorageMeter account={account} />
      {LIVE.has(account.subscription.status) ? (
        <SubscriptionSection subscription={account.subscription} />
      ) : (
        <PriceList canBuy={account.tier === "free"} />
      )}
    </main>
  );
}
