// The History panel's line diff: shared lines kept, edits as removed/added, in order.
import { describe, expect, it } from "vitest";
import { diffSummary, lineDiff } from "./line-diff";

describe("lineDiff", () => {
  it("marks a changed middle line as removed then added, keeping the rest", () => {
    expect(lineDiff("a\nb\nc", "a\nB\nc")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
    ]);
  });

  it("finds lines kept between insertions and deletions", () => {
    const kinds = lineDiff("one\ntwo\nthree\nfour", "zero\none\nthree\nfour\nfive").map(
      (l) => `${l.kind[0]}${l.text}`,
    );
    expect(kinds).toEqual(["azero", "sone", "rtwo", "sthree", "sfour", "afive"]);
  });

  it("says when nothing changed, and counts otherwise", () => {
    expect(diffSummary(lineDiff("x\ny", "x\ny"))).toBe("No changes");
    expect(diffSummary(lineDiff("x", "x\ny\nz"))).toBe("2 lines added, 0 removed");
    expect(diffSummary(lineDiff("x\ny", "y"))).toBe("0 lines added, 1 removed");
  });

  it("shows a huge rewrite as a whole replacement rather than stalling", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join("\n");
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}`).join("\n");
    const lines = lineDiff(before, after);
    expect(lines).toHaveLength(6000);
    expect(lines[0]).toEqual({ kind: "removed", text: "old 0" });
    expect(lines[3000]).toEqual({ kind: "added", text: "new 0" });
  });
});
