import { describe, expect, it } from "vitest";
import { searchStatus } from "./search-status";

describe("searchStatus", () => {
  it("counts matches once every note is here", () => {
    expect(searchStatus(0, false)).toMatch(/^No match\. /);
    expect(searchStatus(1, false)).toBe("1 match");
    expect(searchStatus(12_345, false)).toBe(`${(12_345).toLocaleString()} matches`);
  });

  it("says the answer is partial while the first sync still brings notes", () => {
    expect(searchStatus(0, true)).toBe(
      "No match yet: notes are still arriving, and search covers each as it lands.",
    );
    expect(searchStatus(2, true)).toBe("2 matches so far: notes are still arriving.");
  });

  it("says when only the best matches are shown, and when the count is a floor", () => {
    expect(searchStatus(50, false, 100_000)).toBe(
      `${(100_000).toLocaleString()} matches in all notes; the best 50 shown. Add a word to narrow them.`,
    );
    expect(searchStatus(50, true, 1_200, true)).toBe(
      `At least ${(1_200).toLocaleString()} matches so far in all notes; the best 50 shown. Add a word to narrow them.`,
    );
    expect(searchStatus(3, false, 3)).toBe("3 matches");
  });
});
