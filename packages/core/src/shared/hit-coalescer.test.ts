import { describe, expect, it } from "vitest";
import { type AddHits, HitCoalescer } from "./hit-coalescer";

/** An in-memory table of counts, answering after a turn of the event loop as a database would. */
function table() {
  const counts = new Map<string, number>();
  const statements: number[] = [];
  const add: AddHits = async (key, windowStart, _windowMs, hits) => {
    statements.push(hits);
    await new Promise((r) => setTimeout(r, 1));
    const id = `${key}@${windowStart}`;
    const count = (counts.get(id) ?? 0) + hits;
    counts.set(id, count);
    return { count, previous: 0 };
  };
  return { add, statements };
}

describe("hits on one key", () => {
  it("share a statement while one is in flight, each with its own count in arrival order", async () => {
    const { add, statements } = table();
    const coalescer = new HitCoalescer(add);
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => coalescer.hit("signin:ip:1", 0, 60_000)),
    );
    expect(counts.map((c) => c.count)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first leaves alone; the 49 that came while it was in flight leave together.
    expect(statements).toEqual([1, 49]);
  });

  it("leave apart for different keys and windows", async () => {
    const { add, statements } = table();
    const coalescer = new HitCoalescer(add);
    const [a, b, c] = await Promise.all([
      coalescer.hit("a", 0, 60_000),
      coalescer.hit("b", 0, 60_000),
      coalescer.hit("a", 60_000, 60_000),
    ]);
    expect([a?.count, b?.count, c?.count]).toEqual([1, 1, 1]);
    expect(statements).toEqual([1, 1, 1]);
  });

  it("fail together when their statement fails, and the next hits are counted again", async () => {
    let fail = true;
    const { add } = table();
    const coalescer = new HitCoalescer(async (...args) => {
      if (fail) throw new Error("database unreachable");
      return add(...args);
    });
    const refused = await Promise.allSettled([coalescer.hit("k", 0, 1), coalescer.hit("k", 0, 1)]);
    expect(refused.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect((await coalescer.hit("k", 0, 1)).count).toBe(1);
  });
});
