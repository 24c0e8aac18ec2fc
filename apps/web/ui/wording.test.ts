import { describe, expect, it } from "vitest";
import { aboutDuration, plural } from "./wording";

describe("plural", () => {
  it("counts one and many, with thousands separated", () => {
    expect(plural(1, "note")).toBe("1 note");
    expect(plural(0, "note")).toBe("0 notes");
    expect(plural(10_000, "note")).toBe("10,000 notes");
    expect(plural(2, "entry", "entries")).toBe("2 entries");
  });
});

describe("aboutDuration", () => {
  it("rounds a wait to the unit a person would use", () => {
    expect(aboutDuration(3)).toBe("a few seconds");
    expect(aboutDuration(30)).toBe("30 seconds");
    expect(aboutDuration(60)).toBe("about 1 minute");
    expect(aboutDuration(2771)).toBe("about 46 minutes");
    expect(aboutDuration(3599)).toBe("about 1 hour");
    expect(aboutDuration(7200)).toBe("about 2 hours");
    expect(aboutDuration(3 * 86_400)).toBe("about 3 days");
  });
});
