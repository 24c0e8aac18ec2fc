import { describe, expect, it } from "vitest";
import { estimateStrength } from "./password-strength";

describe("estimateStrength", () => {
  it("rates common and personal passwords low, long random ones high, with advice", async () => {
    const common = await estimateStrength("password123");
    expect(common.score).toBeLessThanOrEqual(1);
    expect(common.advice).not.toBe("");
    const personal = await estimateStrength("alice_smith2024", ["alice_smith"]);
    expect(personal.score).toBeLessThanOrEqual(2);
    const strong = await estimateStrength("violet tractor hums beneath 7 quiet glaciers");
    expect(strong).toMatchObject({ score: 4, label: "Very strong" });
  });

  it("stays quick on a very long input (only the first 256 characters are weighed)", async () => {
    const started = performance.now();
    const long = await estimateStrength("ab".repeat(50_000));
    expect(long.score).toBeGreaterThanOrEqual(0);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
