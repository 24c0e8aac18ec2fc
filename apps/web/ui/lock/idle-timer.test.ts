import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleTimer } from "./idle-timer";

describe("the app lock's idle timer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires once the idle time passes with no activity", () => {
    const idle = vi.fn();
    new IdleTimer(60_000, idle);
    vi.advanceTimersByTime(59_999);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it("counts from the last activity", () => {
    const idle = vi.fn();
    const timer = new IdleTimer(60_000, idle);
    vi.advanceTimersByTime(50_000);
    timer.activity();
    vi.advanceTimersByTime(50_000);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it("never fires once stopped", () => {
    const idle = vi.fn();
    new IdleTimer(1_000, idle).stop();
    vi.advanceTimersByTime(10_000);
    expect(idle).not.toHaveBeenCalled();
  });
});
