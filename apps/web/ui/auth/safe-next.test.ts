import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it("keeps paths on this origin and refuses everything else", () => {
    expect(safeNext("/verify-email?token=abc")).toBe("/verify-email?token=abc");
    expect(safeNext(null)).toBe("/notes");
    for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example", "notes"])
      expect(safeNext(evil)).toBe("/notes");
  });
});
