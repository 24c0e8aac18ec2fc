import { describe, expect, it } from "vitest";
import { CoalescedRun } from "./coalesced-run";

describe("CoalescedRun", () => {
  it("runs one at a time and folds requests made meanwhile into one more run", async () => {
    let runs = 0;
    let finish = () => {};
    const run = new CoalescedRun(
      () =>
        new Promise<void>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
    );
    const first = run.request();
    run.request();
    run.request();
    expect(runs).toBe(1);
    finish();
    await first;
    await Promise.resolve();
    expect(runs).toBe(2);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
  });
});
