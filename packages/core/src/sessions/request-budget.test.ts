import type { Db } from "@notes/db";
import { describe, expect, it } from "vitest";
import { RequestBudget } from "./request-budget";

/** A stand-in for the shared rate_limits counter: each lease adds its chunk. */
function fakeDb() {
  const state = { count: 0, writes: 0 };
  const db = {
    execute: async () => {
      state.writes++;
      state.count += 20;
      return [{ count: state.count }];
    },
  } as unknown as Db;
  return { db, state };
}

const rule = { limit: 50, windowSeconds: 60 };

describe("RequestBudget", () => {
  it("allows exactly the limit per window with one write per chunk", async () => {
    const { db, state } = fakeDb();
    const budget = new RequestBudget(db, rule, 50);
    const now = 1_000_000;
    const results = [];
    for (let i = 0; i < 60; i++) results.push((await budget.spend("a", now)).ok);
    expect(results.filter(Boolean)).toHaveLength(50);
    expect(results.slice(50).every((ok) => !ok)).toBe(true);
    expect(state.writes).toBeLessThanOrEqual(4);
  });

  it("never lets two instances together exceed the shared limit", async () => {
    const shared = fakeDb();
    const a = new RequestBudget(shared.db, rule, 50);
    const b = new RequestBudget(shared.db, rule, 50);
    let granted = 0;
    for (let i = 0; i < 100; i++) if ((await (i % 2 ? a : b).spend("acct", 5_000)).ok) granted++;
    expect(granted).toBeLessThanOrEqual(50);
  });

  it("starts afresh in the next window and says when the limit lifts", async () => {
    const { db } = fakeDb();
    const budget = new RequestBudget(db, { limit: 1, windowSeconds: 60 }, 1);
    expect((await budget.spend("a", 0)).ok).toBe(true);
    const refused = await budget.spend("a", 10_000);
    expect(refused).toEqual({ ok: false, retryAfter: 50 });
  });
});

describe("RequestBudget under concurrency", () => {
  it("loses no budget when requests of one account lease at the same time", async () => {
    const { db } = fakeDb();
    const budget = new RequestBudget(db, rule, 50);
    const results = await Promise.all(Array.from({ length: 50 }, () => budget.spend("a", 7_000)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await budget.spend("a", 7_000)).ok).toBe(false);
  });
});
