"use client";
// The Plan page: the account's tier and what premium includes, storage against
// its ceiling, and then either the live subscription's controls (subscribed), or
// for a free account what this server sells: its prices, or the plain fact that
// it sells none. A premium account's status comes from the account alone, so it
// never depends on billing being reachable (or configured at all).
// The account is watched, so the tier changes here as soon as Stripe's webhook
// lands after checkout, or the operator grants premium.
import { useEffect } from "react";
import "../premium.css";
import { StorageMeter } from "../settings/storage-meter";
import { useVault, useVaultState } from "../vault-context";
import { CheckoutReturn } from "./checkout-return";
import { PREMIUM_INCLUDES, tierLabel } from "./plan-words";
import { PriceList } from "./price-list";
import { SubscriptionSection } from "./subscription-section";

// A subscription in these states can be managed and cancelled; a complimentary
// account may hold one too. (The tier itself always comes from the server.)
const LIVE = new Set(["active", "trialing", "past_due"]);

export function PlanScreen() {
  const { vault } = useVault();
  useEffect(() => vault.watchAccount(), [vault]);
  const account = useVaultState((s) => s.account);
  if (!account) return null;
  const premium = account.tier !== "free";
  return (
    <main className="settings plan">
      <h1>Your plan</h1>
      <CheckoutReturn tier={account.tier} />
      <section aria-labelledby="tier-h">
        <h2 id="tier-h">Current plan</h2>
        <p className="tier" data-testid="tier">
          {tierLabel(account.tier)}
        </p>
        {account.tier === "complimentary" && (
          <p data-testid="plan-status">
            Premium is yours at no cost, courtesy of the operator of this service. There is nothing
            to pay and nothing to renew.
          </p>
        )}
      </section>
      <section aria-labelledby="includes-h">
        <h2 id="includes-h">{premium ? "Your plan includes" : "What premium includes"}</h2>
        <ul className="includes">
          {PREMIUM_INCLUDES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <StorageMeter account={account} />
      {LIVE.has(account.subscription.status) ? (
        <SubscriptionSection subscription={account.subscription} />
      ) : (
        !premium && <PriceList />
      )}
    </main>
  );
}
