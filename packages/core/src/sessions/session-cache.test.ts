import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";

const s = (n: number) => ({ sessionId: `s${n}`, accountId: `a${n % 2}` });

describe("SessionCache", () => {
  it("holds nothing until enabled, and nothing after disable", () => {
    const cache = new SessionCache();
    cache.set("t1", s(1));
    expect(cache.get("t1")).toBeUndefined();
    cache.enable();
    cache.set("t1", s(1));
    expect(cache.get("t1")).toEqual(expect.objectContaining(s(1)));
    cache.disable();
    expect(cache.get("t1")).toBeUndefined();
  });

  it("expires entries after the TTL", () => {
    const cache = new SessionCache(1_000);
    cache.enable();
    cache.set("t1", s(1), 0);
    expect(cache.get("t1", 999)).toBeDefined();
    expect(cache.get("t1", 1_000)).toBeUndefined();
  });

  it("forgets a revoked session, or an account's sessions but one", () => {
    const cache = new SessionCache();
    cache.enable();
    for (const n of [1, 2, 3, 4]) cache.set(`t${n}`, s(n));
    cache.forgetSession("s1");
    expect(cache.get("t1")).toBeUndefined();
    cache.forgetAccount("a0", "s4");
    expect(cache.get("t2")).toBeUndefined();
    expect(cache.get("t4")).toBeDefined();
    expect(cache.get("t3")).toBeDefined();
  });

  it("evicts the oldest entry past its bound", () => {
    const cache = new SessionCache(60_000, 2);
    cache.enable();
    for (const n of [1, 2, 3]) cache.set(`t${n}`, s(n));
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t3")).toBeDefined();
  });
});
