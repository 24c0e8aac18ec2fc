import { describe, expect, it } from "vitest";
import { GroupQueue, type GroupQueueOptions } from "./group-queue";

interface Job {
  key: string;
  n: number;
  weight?: number;
}

const options: GroupQueueOptions<Job> = {
  lanes: 1,
  maxJobs: 64,
  maxWeight: 1000,
  key: (job) => job.key,
  weight: (job) => job.weight ?? 1,
};

/** A runner that records each batch and answers every job with its number after `ms`. */
function recorder(ms = 2) {
  const batches: number[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run = async (jobs: Job[]) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    batches.push(jobs.map((j) => j.n));
    await new Promise((resolve) => setTimeout(resolve, ms));
    inFlight--;
    return jobs.map((j) => ({ status: "fulfilled" as const, value: j.n }));
  };
  return { run, batches, maxInFlight: () => maxInFlight };
}

const jobs = (count: number, key = (n: number) => `k${n}`): Job[] =>
  Array.from({ length: count }, (_, n) => ({ key: key(n), n }));

describe("GroupQueue", () => {
  it("sends the first job at once and groups the ones that arrive meanwhile", async () => {
    const r = recorder();
    const queue = new GroupQueue(r.run, options);
    const answers = await Promise.all(jobs(10).map((j) => queue.submit(j)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(r.batches).toEqual([[0], [1, 2, 3, 4, 5, 6, 7, 8, 9]]);
  });

  it("with `turn`, sends together what one turn's I/O submitted, even to a runner that never waits", async () => {
    // A runner that answers at once, as PGlite runs a statement in this thread, and jobs
    // that arrive in separate callbacks of one turn, as requests parsed from several
    // sockets do: without `turn`, each found the lane free again and left alone.
    const batches: number[][] = [];
    const run = async (batch: Job[]) => {
      batches.push(batch.map((j) => j.n));
      return batch.map((j) => ({ status: "fulfilled" as const, value: j.n }));
    };
    const arrive = (queue: GroupQueue<Job, number>) =>
      Promise.all(
        jobs(5).map(
          (j) => new Promise<number>((resolve) => setImmediate(() => resolve(queue.submit(j)))),
        ),
      );
    expect(await arrive(new GroupQueue(run, options))).toEqual([0, 1, 2, 3, 4]);
    expect(batches).toEqual([[0], [1], [2], [3], [4]]);
    batches.length = 0;
    expect(await arrive(new GroupQueue(run, { ...options, turn: true }))).toEqual([0, 1, 2, 3, 4]);
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
  });

  it("keeps one key out of a batch twice and sends a key's jobs in order", async () => {
    const r = recorder();
    const queue = new GroupQueue(r.run, options);
    // Keys: a, a, b, a, b, c
    const keys = ["a", "a", "b", "a", "b", "c"];
    await Promise.all(jobs(6, (n) => keys[n] as string).map((j) => queue.submit(j)));
    expect(r.batches).toEqual([[0], [1, 2, 5], [3, 4]]);
  });

  it("holds a job whose key is in flight in another lane", async () => {
    // Each batch waits until the test releases it, so the order is the test's.
    const batches: number[][] = [];
    const gates: (() => void)[] = [];
    const queue = new GroupQueue<Job, number>(
      async (batch) => {
        batches.push(batch.map((j) => j.n));
        await new Promise<void>((release) => gates.push(release));
        return batch.map((j) => ({ status: "fulfilled", value: j.n }));
      },
      { ...options, lanes: 2 },
    );
    const keys = ["a", "a", "b", "c"];
    const answers = Promise.all(jobs(4, (n) => keys[n] as string).map((j) => queue.submit(j)));
    // 0 (a) leaves alone; 1 (a) must wait for it, so 2 (b) takes lane two at once;
    // 1 and 3 leave together when a lane frees.
    gates[0]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[0], [2], [1, 3]]);
    gates[1]?.();
    gates[2]?.();
    expect(await answers).toEqual([0, 1, 2, 3]);
  });

  it("caps a batch by jobs and by weight; a job heavier than the cap leaves alone", async () => {
    const r = recorder();
    const queue = new GroupQueue(r.run, { ...options, maxJobs: 3, maxWeight: 10 });
    const all: Job[] = [
      { key: "k0", n: 0 },
      { key: "k1", n: 1 },
      { key: "k2", n: 2 },
      { key: "k3", n: 3 },
      { key: "k4", n: 4, weight: 25 },
      { key: "k5", n: 5, weight: 6 },
      { key: "k6", n: 6, weight: 6 },
    ];
    await Promise.all(all.map((j) => queue.submit(j)));
    expect(r.batches).toEqual([[0], [1, 2, 3], [4], [5], [6]]);
  });

  it("never runs more batches at once than it has lanes", async () => {
    const r = recorder(3);
    const queue = new GroupQueue(r.run, { ...options, lanes: 2, maxJobs: 2 });
    await Promise.all(jobs(20).map((j) => queue.submit(j)));
    expect(r.maxInFlight()).toBe(2);
    expect(r.batches.flat().sort((a, b) => a - b)).toEqual(jobs(20).map((j) => j.n));
  });

  it("answers each job with its own result, a refusal only to its job", async () => {
    const queue = new GroupQueue<Job, number>(
      async (batch) =>
        batch.map((j) =>
          j.n % 2 === 0
            ? { status: "fulfilled", value: j.n * 10 }
            : { status: "rejected", reason: new Error(`refused ${j.n}`) },
        ),
      options,
    );
    const results = await Promise.allSettled(jobs(5).map((j) => queue.submit(j)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason)))).toEqual([
      0,
      "Error: refused 1",
      20,
      "Error: refused 3",
      40,
    ]);
  });

  it("rejects every job of a batch whose runner failed, and keeps serving", async () => {
    let calls = 0;
    const queue = new GroupQueue<Job, number>(async (batch) => {
      calls++;
      if (calls === 2) throw new Error("database gone");
      return batch.map((j) => ({ status: "fulfilled", value: j.n }));
    }, options);
    const first = await Promise.allSettled(jobs(4).map((j) => queue.submit(j)));
    expect(first.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "rejected"]);
    expect(await queue.submit({ key: "k1", n: 7 })).toBe(7);
  });

  it("settles once everything submitted has been answered", async () => {
    const r = recorder(5);
    const queue = new GroupQueue(r.run, options);
    await queue.settled();
    const answered: number[] = [];
    for (const j of jobs(5)) void queue.submit(j).then((n) => answered.push(n));
    await queue.settled();
    expect(answered).toHaveLength(5);
  });
});
