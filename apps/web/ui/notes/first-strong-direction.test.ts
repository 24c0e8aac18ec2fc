import { describe, expect, it } from "vitest";
import { firstStrongDirection } from "./first-strong-direction";

describe("first strong direction", () => {
  it("reads Hebrew and Arabic right to left, Latin and Cyrillic left to right", () => {
    expect(firstStrongDirection("שלום עולם")).toBe("rtl");
    expect(firstStrongDirection("مرحبا")).toBe("rtl");
    expect(firstStrongDirection("Hello")).toBe("ltr");
    expect(firstStrongDirection("Привет")).toBe("ltr");
  });

  it("skips digits, punctuation and spaces to the first letter", () => {
    expect(firstStrongDirection("  12. — «שלום» and more")).toBe("rtl");
    expect(firstStrongDirection("3) milk, חלב")).toBe("ltr");
  });

  it("decides nothing without a letter", () => {
    expect(firstStrongDirection("")).toBeUndefined();
    expect(firstStrongDirection("12:30 — !?")).toBeUndefined();
    // Arabic-Indic digits sit in the Arabic block but are not letters.
    expect(firstStrongDirection("١٢٣")).toBeUndefined();
  });
});
