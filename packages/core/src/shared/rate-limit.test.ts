import { describe, expect, it } from "vitest";
import { slidingEstimate, slidingRetryAfter } from "./rate-limit";

describe("sliding-window estimate", () => {
  it("counts the previous window in proportion to its overlap", () => {
    expect(slidingEstimate({ count: 11, previous: 20, elapsed: 0 })).toBe(31);
    expect(slidingEstimate({ count: 11, previous: 20, elapsed: 0.5 })).toBe(21);
    expect(slidingEstimate({ count: 3, previous: 0, elapsed: 0.9 })).toBe(3);
  });

  it("refuses a burst that straddles a window boundary", () => {
    // 20 hits just before the boundary, 11 just after: 31 in one second.
    expect(slidingEstimate({ count: 11, previous: 20, elapsed: 0.01 })).toBeGreaterThan(30);
  });
});

describe("sliding-window Retry-After", () => {
  it("waits for the previous window to slide out when this one has room", () => {
    // limit 30, 11 now, 20 before, 1% in: the next hit fits once 20·(1−f) ≤ 18.
    expect(slidingRetryAfter({ count: 11, previous: 20, elapsed: 0.01 }, 30, 60)).toBe(6);
  });

  it("waits into the next window when this one alone is over", () => {
    // limit 10, 11 hits now, halfway in: 30 s to the boundary, then 11·(1−g) ≤ 9.
    expect(slidingRetryAfter({ count: 11, previous: 0, elapsed: 0.5 }, 10, 60)).toBe(41);
  });

  it("answers at least one second", () => {
    expect(slidingRetryAfter({ count: 1, previous: 40, elapsed: 0.99 }, 30, 60)).toBe(1);
  });

  it("is the earliest time the estimate allows one more hit", () => {
    for (const state of [
      { count: 11, previous: 20, elapsed: 0.01 },
      { count: 31, previous: 5, elapsed: 0.2 },
      { count: 30, previous: 30, elapsed: 0.7 },
    ]) {
      const limit = 30;
      const wait = slidingRetryAfter(state, limit, 60) / 60;
      const at = (t: number) => {
        const e = state.elapsed + t;
        return e < 1
          ? slidingEstimate({ ...state, count: state.count + 1, elapsed: e })
          : slidingEstimate({ count: 1, previous: state.count, elapsed: e - 1 });
      };
      expect(at(wait)).toBeLessThanOrEqual(limit);
      expect(at(Math.max(0, wait - 1 / 60))).toBeGreaterThan(limit - 1e-9);
    }
  });
});
