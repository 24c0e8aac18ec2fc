"use client";
// The plans in the visitor's currency (guessed from the browser's languages, with
// a chooser), and for a free account the way to checkout: Stripe's page, where
// the browser goes next.
import type { Output } from "@notes/client";
import { useEffect, useState } from "react";
import { recordJourney } from "../../vault/journey";
import { describeError } from "../problem-text";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { CURRENCIES, type Currency, currencyForLocales, formatPrice } from "./currency";

type Price = Output<"billing.prices">["prices"][number];

const PLAN_TEXT: Record<Price["plan"], string> = { monthly: "Monthly", yearly: "Yearly" };
const PER: Record<string, string> = { month: "a month", year: "a year" };

export function PriceList({ canBuy }: { canBuy: boolean }) {
  const { vault } = useVault();
  const [prices, setPrices] = useState<Price[]>();
  const [loadError, setLoadError] = useState<string>();
  const [currency, setCurrency] = useState<Currency>("usd");
  useEffect(() => setCurrency(currencyForLocales(navigator.languages ?? [])), []);
  useEffect(() => {
    vault.api
      .call("billing.prices", {})
      .then((r) => setPrices(r.prices))
      .catch((e) => setLoadError(describeError(e)));
  }, [vault]);
  const { run, busy, error } = useAction(async (plan: Price["plan"]) => {
    recordJourney(vault.api, "upgrade", "start");
    const { url } = await vault.api.call("billing.checkout", { plan, currency });
    window.location.assign(url);
  });
  const shown = prices?.filter((p) => p.currency === currency) ?? [];
  return (
    <section aria-labelledby="prices-h">
      <h2 id="prices-h">Premium</h2>
      {loadError && <p role="alert">{loadError}</p>}
      {!prices && !loadError && <p className="muted">Loading prices…</p>}
      {prices && (
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
            {shown.map((p) => (
              <li key={p.plan}>
                <span>
                  <strong>{PLAN_TEXT[p.plan]}</strong> {formatPrice(p.unitAmount, p.currency)}{" "}
                  {PER[p.interval] ?? p.interval}
                </span>
                {canBuy && (
                  <button type="button" disabled={busy} onClick={() => void run(p.plan)}>
                    Upgrade {PLAN_TEXT[p.plan].toLowerCase()}
                  </button>
                )}
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
