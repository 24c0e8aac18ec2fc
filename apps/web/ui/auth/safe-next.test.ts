import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

const ORIGIN = "https://notes.example";

describe("safeNext", () => {
  it("keeps paths on this origin", () => {
    expect(safeNext("/verify-email?token=abc", ORIGIN)).toBe("/verify-email?token=abc");
    expect(safeNext("/notes#n1", ORIGIN)).toBe("/notes#n1");
    expect(safeNext(null, ORIGIN)).toBe("/notes");
  });

  it("refuses another origin however the address is spelled", () => {
    for (const evil of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "notes",
      // Browsers drop tabs and newlines: these were "/" then "//evil.example".
      "/\t/evil.example/phish",
      "/%09/evil.example/phish".replace("%09", "\t"),
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      "/\\/evil.example",
      "/ /evil.example".replace(" ", "\u0000"),
    ])
      expect(safeNext(evil, ORIGIN), JSON.stringify(evil)).toBe("/notes");
  });
});
