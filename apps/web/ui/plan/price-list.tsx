"use client";
// For a free account, what this server sells: the plans in the visitor's currency
// (guessed from the browser's languages, with a chooser) and the way to checkout,
// Stripe's page, where the browser goes next. A server without billing sells
// nothing, and this says so rather than reporting an outage.
import { useEffect, useState } from "react";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { type BillingOffer, loadBillingOffer, type Price } from "./billing-offer";
import { CURRENCIES, type Currency, currencyForLocales, formatPrice } from "./currency";

const PLAN_TEXT: Record<Price["plan"], string> = { monthly: "Monthly", yearly: "Yearly" };
const PER: Record<string, string> = { month: "a month", year: "a year" };

export function PriceList() {
  const { vault } = useVault();
  const [offer, setOffer] = useState<BillingOffer>();
  const [currency, setCurrency] = useState<Currency>("usd");
  useEffect(() => setCurrency(currencyForLocales(navigator.languages ?? [])), []);
  useEffect(() => {
    void loadBillingOffer(() => vault.billing.prices()).then(setOffer);
  }, [vault]);
  const { run, busy, error } = useAction(async (plan: Price["plan"]) => {
    vault.recordJourney("upgrade", "start");
    window.location.assign(await vault.billing.checkout({ plan, currency }));
  });
  return (
    <section aria-labelledby="prices-h">
      <h2 id="prices-h">Upgrade</h2>
      {!offer && <p className="muted">Loading prices…</p>}
      {offer?.kind === "failed" && <p role="alert">{offer.message}</p>}
      {offer?.kind === "not-sold" && (
        <p data-testid="not-sold">
          This server does not sell plans, so there is nothing to buy here. Premium is given by the
          people who run this server: ask them if you need it.
        </p>
      )}
      {offer?.kind === "prices" && (
        <>
          <label className="currency">
            Currency
            <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <ul className="prices">
            {offer.prices
              .filter((p) => p.currency === currency)
              .map((p) => (
                <li key={p.plan}>
                  <span>
                    <strong>{PLAN_TEXT[p.plan]}</strong> {formatPrice(p.unitAmount, p.currency)}{" "}
                    {PER[p.interval] ?? p.interval}
                  </span>
                  <button type="button" disabled={busy} onClick={() => void run(p.plan)}>
                    Upgrade {PLAN_TEXT[p.plan].toLowerCase()}
                  </button>
                </li>
              ))}
          </ul>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
