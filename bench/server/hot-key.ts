// One hot rate-limit key behind a transaction pooler (issue 39): 64 callers count
// hits on one `rate_limits` row at once, the way every request from one client
// address does (TRUST_PROXY unset or false), while 4 bystanders run a one-row read
// that never touches it. The app's pool (10 connections) goes through a real
// PgBouncer in transaction mode with 5 server connections, as in the pooled tests.
// Two ways, alternated in one run: one upsert per hit (before), and the process's
// coalescer (hit-coalescer.ts: one upsert per round trip per key). Figures: hits/s,
// the hits' p50/p99, and the bystanders' p99 (what a hot key does to everyone else).
//   pnpm --filter @notes/bench bench:hot-key   (BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_ROUNDS)
import os from "node:os";
import { findPgBouncer, startPgBouncer } from "@notes/test-support/pgbouncer";
import postgres from "postgres";
import { HitCoalescer } from "../../packages/core/src/shared/hit-coalescer";

const DIRECT = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CALLERS = 64;
const BYSTANDERS = 4;
const WINDOW_MS = 60_000;

type Sql = postgres.Sql;

async function addHits(sql: Sql, key: string, hits: number) {
  const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  const [row] = await sql<{ count: number; prev_count: number }[]>`
    insert into rate_limits (key, window_start, count, prev_count)
    values (${key}, ${windowStart}, ${hits}, 0)
    on conflict (key) do update set
      prev_count = case when rate_limits.window_start = excluded.window_start
                        then rate_limits.prev_count else rate_limits.count end,
      count = case when rate_limits.window_start = excluded.window_start
                   then rate_limits.count + ${hits} else ${hits} end,
      window_start = excluded.window_start
    returning count, prev_count`;
  return { count: row?.count ?? hits, previous: row?.prev_count ?? 0 };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function measure(sql: Sql, hit: () => Promise<unknown>) {
  const hits: number[] = [];
  const reads: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const run = async (list: number[], one: () => Promise<unknown>) => {
    while (performance.now() < deadline) {
      const t = performance.now();
      await one();
      list.push(performance.now() - t);
    }
  };
  await Promise.all([
    ...Array.from({ length: CALLERS }, () => run(hits, hit)),
    ...Array.from({ length: BYSTANDERS }, () =>
      run(reads, () => sql`select key from rate_limits where key = 'bench:bystander'`),
    ),
  ]);
  hits.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  return {
    hitsPerSecond: hits.length / SECONDS,
    p50: quantile(hits, 0.5),
    p99: quantile(hits, 0.99),
    bystanderP99: quantile(reads, 0.99),
  };
}

async function main() {
  const binary = findPgBouncer();
  if (!binary) throw new Error("pgbouncer is not installed");
  const bouncer = await startPgBouncer(binary, DIRECT);
  // As the app's pool in pooled mode (postgres.ts): unprepared, and no pipelining.
  // max_pipeline is a postgres.js option its type declarations leave out.
  const options = {
    max: 10,
    prepare: false,
    max_pipeline: Number(process.env.BENCH_MAX_PIPELINE ?? 0),
    onnotice: () => {},
  };
  const sql = postgres(bouncer.url, options);
  try {
    const rows: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const key = `bench:hot:${Date.now()}`;
      const each = await measure(sql, () => addHits(sql, `${key}:each`, 1));
      const coalescer = new HitCoalescer((k, _w, _m, hits) => addHits(sql, k, hits));
      const shared = await measure(sql, () => coalescer.hit(`${key}:shared`, 0, WINDOW_MS));
      for (const [name, r] of [
        ["one upsert per hit", each],
        ["coalesced", shared],
      ] as const)
        rows.push(
          `| ${round + 1} | ${name} | ${r.hitsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.bystanderP99.toFixed(1)} |`,
        );
    }
    await sql`delete from rate_limits where key like 'bench:%'`;
    console.log(
      `\nhot key behind PgBouncer (transaction mode, 5 server connections), ${CALLERS} callers + ${BYSTANDERS} bystanders, ${SECONDS} s each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );
    console.log("| round | way | hits/s | hit p50 ms | hit p99 ms | bystander read p99 ms |");
    console.log("|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  } finally {
    await sql.end();
    await bouncer.stop();
  }
}

await main();
