import { afterEach, describe, expect, it, vi } from "vitest";
import type { Core } from "../core";
import { enqueueBinding } from "./enqueue";
import { startEpochJob } from "./epoch-job";

/** A core whose every query fails with `error`, and a log that keeps what it hears. */
function failingCore(error: Error) {
  const heard: string[] = [];
  const fail = () => {
    throw error;
  };
  // drizzle's builder: every method answers the builder, and awaiting it fails.
  const chain: unknown = new Proxy(
    {},
    {
      get: (_, property) =>
        property === "then"
          ? (_resolve: unknown, reject: (e: unknown) => void) => reject(error)
          : () => chain,
    },
  );
  const core = {
    config: { keyTransparency: { epochMs: 200, witnessKeys: [], quorum: 0 }, serverSecret: "s" },
    db: { select: () => chain, transaction: fail, execute: fail },
    log: {
      warn: (_: unknown, msg: string) => heard.push(`warn: ${msg}`),
      error: (_: unknown, msg: string) => heard.push(`error: ${msg}`),
    },
  } as unknown as Core;
  return { core, heard };
}

const coded = (code: string) => Object.assign(new Error(code), { code });

describe("the key-transparency epoch job", () => {
  // The unit files share a worker (isolate: false): a test that fails mid-way must not
  // leave its fake clock behind.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tells the outage gate when the database cannot be reached", async () => {
    const { core, heard } = failingCore(
      Object.assign(new Error("Failed query"), { cause: coded("ECONNREFUSED") }),
    );
    let told = 0;
    const job = startEpochJob(core, { onUnavailable: () => told++ });
    await new Promise((r) => setTimeout(r, 20));
    await job.stop();
    expect(told).toBeGreaterThan(0);
    expect(heard[0]).toBe("warn: key transparency: database unreachable");
  });

  it("keeps a conflict or a bug to its own log line", async () => {
    for (const error of [coded("40001"), new Error("a bug")]) {
      const { core, heard } = failingCore(error);
      let told = 0;
      const job = startEpochJob(core, { onUnavailable: () => told++ });
      await new Promise((r) => setTimeout(r, 20));
      await job.stop();
      expect(told).toBe(0);
      expect(heard[0]).toBe("error: key transparency: epoch failed");
    }
  });

  it("reads only when an epoch could close, or something was enqueued here: at once after an enqueue, else once an epoch", async () => {
    // Timers and the clock are the test's: a tick comes exactly when it is due.
    vi.useFakeTimers();
    const epochMs = 1000;
    const headAt = Date.now();
    const reads: number[] = [];
    const places: number[] = [];
    // The newest head is young, then ages with nothing waiting (idle interval 10 s).
    const look: unknown = new Proxy(
      {},
      {
        get: (_, property) =>
          property === "then"
            ? (resolve: (rows: unknown) => void) => {
                reads.push(Date.now());
                resolve([{ epoch: 1, timestampMs: headAt, pending: false }]);
              }
            : () => look,
      },
    );
    const core = {
      config: {
        keyTransparency: { epochMs, idleMs: 10_000, witnessKeys: [], quorum: 0 },
        serverSecret: "s",
      },
      // The placing of new notes (roster-leaves.ts): a transaction that finds none.
      db: { select: () => look, transaction: async () => places.push(Date.now()) && 0 },
      log: { warn: () => {}, error: () => {} },
    } as unknown as Core;
    const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    const job = startEpochJob(core);
    await sleep(2300);
    // A tick every 250 ms: the first look, none while the head is younger than an epoch,
    // then one an epoch (two in the 1.3 s after): not one a tick (about five).
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(3);
    expect((reads[1] as number) - headAt).toBeGreaterThanOrEqual(epochMs);
    // Just after a look, something put in the next epoch by this process is looked for at
    // the next tick, not an epoch later.
    const seen = reads.length;
    while (reads.length === seen) await sleep(5);
    const before = reads.length;
    const enqueuedAt = Date.now();
    const insert: unknown = new Proxy(
      {},
      { get: (_, p) => (p === "then" ? (resolve: () => void) => resolve() : () => insert) },
    );
    await enqueueBinding({ insert: () => insert } as never, "account");
    await sleep(600);
    await job.stop();
    expect(reads.length).toBeGreaterThan(before);
    expect((reads[before] as number) - enqueuedAt).toBeLessThan(600);
    // The placing looked at the start and after the enqueue, not at every tick.
    expect(places).toHaveLength(2);
    expect((places[1] as number) - enqueuedAt).toBeLessThan(600);
  });
});
