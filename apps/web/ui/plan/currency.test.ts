import { describe, expect, it } from "vitest";
import { currencyForLocales, formatPrice } from "./currency";

describe("currencyForLocales", () => {
  it("picks the currency of the first locale with a region", () => {
    expect(currencyForLocales(["de-DE"])).toBe("eur");
    expect(currencyForLocales(["fr"])).toBe("eur"); // French maximizes to France
    expect(currencyForLocales(["en-GB", "en-US"])).toBe("gbp");
    expect(currencyForLocales(["en-US"])).toBe("usd");
    expect(currencyForLocales(["ja-JP"])).toBe("usd");
  });

  it("skips malformed tags and falls back to usd", () => {
    expect(currencyForLocales(["not a locale!", "es-ES"])).toBe("eur");
    expect(currencyForLocales([])).toBe("usd");
  });
});

describe("formatPrice", () => {
  it("writes minor units the way the locale writes money", () => {
    expect(formatPrice(400, "usd", "en-US")).toBe("$4.00");
    expect(formatPrice(4000, "gbp", "en-GB")).toBe("£40.00");
    expect(formatPrice(350, "eur", "de-DE")).toBe("3,50\u00a0€");
  });
});
