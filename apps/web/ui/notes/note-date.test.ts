import { describe, expect, it } from "vitest";
import { listDate } from "./note-date";

describe("list dates", () => {
  const now = new Date(2026, 10, 23, 15, 0);

  it("shows the time for today, the day this year, the full date before", () => {
    expect(listDate(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toMatch(/9:05/);
    const thisYear = listDate(new Date(2026, 2, 4, 9, 5).toISOString(), now);
    expect(thisYear).toMatch(/4/);
    expect(thisYear).not.toMatch(/2026/);
    expect(listDate(new Date(2024, 2, 4).toISOString(), now)).toMatch(/2024/);
  });

  it("shows nothing for a date it cannot read", () => {
    expect(listDate("not a date", now)).toBe("");
  });
});
