import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPause } from "./after-pause";

describe("afterPause", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once, after a quiet spell since the last change", () => {
    const run = vi.fn();
    const task = afterPause(
      run,
      1_000,
      () => 0,
      () => () => {},
    );
    task.schedule();
    vi.advanceTimersByTime(600);
    task.schedule();
    vi.advanceTimersByTime(600);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(1);
    task.stop();
  });

  it("waits while the person types, and runs once they pause", () => {
    const run = vi.fn();
    let lastKey = 0;
    const task = afterPause(
      run,
      1_000,
      () => lastKey,
      () => () => {},
    );
    task.schedule();
    for (let t = 0; t < 3_000; t += 100) {
      lastKey = performance.now();
      vi.advanceTimersByTime(100);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    task.stop();
  });

  it("runs at once when the tab is hidden, and not again after", () => {
    const run = vi.fn();
    let hide = () => {};
    const task = afterPause(
      run,
      1_000,
      () => 0,
      (hidden) => {
        hide = hidden;
        return () => {};
      },
    );
    hide();
    expect(run).not.toHaveBeenCalled();
    task.schedule();
    hide();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledTimes(1);
    task.stop();
  });
});
