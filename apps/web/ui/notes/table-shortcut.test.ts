import { describe, expect, it } from "vitest";
import { tableHeaders } from "./table-shortcut";

describe("the typed table line", () => {
  it("gives its header cells, trimmed", () => {
    expect(tableHeaders("| Day | Plan |")).toEqual(["Day", "Plan"]);
    expect(tableHeaders("|a|b|c|")).toEqual(["a", "b", "c"]);
    expect(tableHeaders("| Day |  |")).toEqual(["Day", ""]);
  });

  it("is not a table without pipes at both ends or without a named cell", () => {
    expect(tableHeaders("a | b")).toBeUndefined();
    expect(tableHeaders("| a | b")).toBeUndefined();
    expect(tableHeaders("||")).toBeUndefined();
    expect(tableHeaders("|  |  |")).toBeUndefined();
  });
});
