// Which of the three billing currencies (eur, gbp, usd) to show a visitor first,
// from the browser's locale, and how to write a price in minor units for them.
import type { Output } from "@notes/client";

export type Currency = Output<"billing.prices">["prices"][number]["currency"];
export const CURRENCIES: readonly Currency[] = ["eur", "gbp", "usd"];

// Regions that pay in euros (the euro area and the microstates using the euro).
const EURO_REGIONS = new Set(
  "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK".split(" "),
);
const POUND_REGIONS = new Set(["GB", "GG", "JE", "IM"]);

/** The currency of the first locale whose region says one; usd otherwise. */
export function currencyForLocales(locales: readonly string[]): Currency {
  for (const tag of locales) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      continue;
    }
    if (!region) continue;
    if (EURO_REGIONS.has(region)) return "eur";
    if (POUND_REGIONS.has(region)) return "gbp";
    return "usd";
  }
  return "usd";
}

/** `unitAmount` minor units as the locale writes money: "€4.00", "4,00 €", "£40.00". */
export function formatPrice(unitAmount: number, currency: Currency, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(unitAmount / 100);
}
