// `pnpm bench`: the benchmarks of issue 3, on the embedded database and on
// Postgres (when reachable), written as medians into BENCHMARKS.md; then the
// realtime relay against a bare `ws` relay and Hocuspocus (realtime/main.ts).
//   BENCH_MODES=embedded,postgres,realtime  BENCH_LARGE=100000  BENCH_SECONDS=10  pnpm bench
//   BENCH_MODES=realtime BENCH_RELAYS=ours,bare  pnpm bench   (the realtime part alone)
//   BENCH_MODES=sync  pnpm bench   (full syncs of BENCH_LARGE notes on both databases, alone)
//   BENCH_MODES=append  pnpm bench   (appends over /v1 and /api/trpc on both databases, beside
//                                    the bare INSERT server; BENCH_DATABASE_URL picks the database,
//                                    BENCH_APPEND_DATABASES=postgres measures Postgres alone)

import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  resetPostgres,
  TEST_OPERATOR_TOKEN,
  TEST_SERVER_SECRET,
} from "@notes/test-support/database-mode";
import {
  freePort,
  logDir,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import postgres from "postgres";
import { benchRealtime } from "../realtime/run-realtime";
import { type CpuSplit, formatSplit, startCpuSplit } from "./cpu-split";
import { BATCH, databaseCeiling } from "./db-ceiling";
import { call } from "./http";
import { type LoadResult, load, percentile } from "./load";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const b64 = (n: number) => randomBytes(n).toString("base64");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};
const sayAppendTableHead = () => {
  say(
    "| server | requests/s | p50 ms | p99 ms | errors | CPU µs per request: server / Postgres / load generator |",
  );
  say("|---|---|---|---|---|---|");
};
const sayAppendRow = (label: string, r: LoadResult, split: CpuSplit | undefined) =>
  say(
    `| ${label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${formatSplit(split)} |`,
  );

async function postgresReachable(): Promise<boolean> {
  const sql = postgres(PG_URL, { max: 1, connect_timeout: 3 });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end();
  }
}

/**
 * The Postgres settings a figure depends on. Every append updates its note's member
 * rows' `seq` (in the feed's index, so never a HOT update): without autovacuum, as in
 * this machine's CI Postgres (conf.d/90-ci.conf), their dead versions pile up and each
 * round is slower than the one before (BENCHMARKS.md, issue 39).
 */
async function postgresSettings(): Promise<string> {
  const sql = postgres(PG_URL, { max: 1, connect_timeout: 3 });
  try {
    const [row] = await sql<{ autovacuum: string; synchronous_commit: string }[]>`
      select current_setting('autovacuum') as autovacuum,
             current_setting('synchronous_commit') as synchronous_commit`;
    return `autovacuum ${row?.autovacuum}, synchronous_commit ${row?.synchronous_commit}`;
  } finally {
    await sql.end();
  }
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(
  kind: "self-hosted" | "next",
  mode: string,
  dataDir: string,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    kind,
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: "1000000",
      // The load generator is one address on loopback; nothing is in front.
      TRUST_PROXY: "false",
      LOG_LEVEL: "warn",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      ...(mode === "postgres" && { DATABASE_URL: PG_URL, SERVER_SECRET: TEST_SERVER_SECRET }),
    },
    `bench-${kind}-${mode}.log`,
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    process.env.BENCH_CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  );
  await waitForHealth(url, child);
  return { url, child };
}

async function account(url: string): Promise<string> {
  const handle = `bench_${randomBytes(6).toString("hex")}`;
  const created = await call<{ token: string }>(url, "POST", "/v1/accounts", undefined, {
    identifier: handle,
    authKey: b64(32),
    kdfIterations: 600_000,
    kdfSalt: b64(16),
    recoveryAuthKey: b64(32),
    recoveryWrappedMasterKey: b64(72),
    wrappedMasterKey: b64(72),
  });
  const res = await fetch(`${url}/ops/v1/accounts/${handle}:grantComplimentary`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });
  if (res.status !== 204) throw new Error(`grant: ${res.status}`);
  return created.token;
}

async function seedNotes(
  url: string,
  token: string,
  count: number,
  snapshotBytes: number,
): Promise<string[]> {
  const ids: string[] = [];
  const snapshot = b64(snapshotBytes);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        next++;
        const id = randomUUID();
        await call(url, "POST", "/v1/notes", token, {
          id,
          metadata: b64(64),
          snapshot,
          wrappedCek: b64(80),
        });
        ids.push(id);
      }
    }),
  );
  return ids;
}

interface FullSync {
  notes: number;
  pages: number;
  bytes: number;
  seconds: number;
  /** Ms to the first page's answer: what a list can show first. */
  firstPageMs: number;
}

/**
 * A full sync with pages of 500, as a client walks it: `query` goes with every page
 * (`snapshots=false` must: contract §5), `first` with the first ask only (`order`).
 */
async function fullSync(url: string, token: string, query = "", first = ""): Promise<FullSync> {
  const t0 = performance.now();
  let pageToken = "";
  let notes = 0;
  let pages = 0;
  let bytes = 0;
  let firstPageMs = 0;
  for (;;) {
    const res = await fetch(
      `${url}/v1/changes?pageSize=500${query}${pageToken ? `&pageToken=${pageToken}` : first}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const text = await res.text();
    if (res.status !== 200) throw new Error(`changes: ${res.status} ${text.slice(0, 200)}`);
    const page = JSON.parse(text) as { changes: unknown[]; nextPageToken: string };
    if (pages === 0) firstPageMs = performance.now() - t0;
    pages += 1;
    bytes += Buffer.byteLength(text);
    notes += page.changes.length;
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  return { notes, pages, bytes, firstPageMs, seconds: (performance.now() - t0) / 1000 };
}

/** One line for the median of three full syncs: notes/s, pages/s, MB/s, first page. */
async function sayFullSync(url: string, token: string, label: string, query = "", first = "") {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await fullSync(url, token, query, first));
  const seconds = median(runs.map((r) => r.seconds));
  const run = runs.find((r) => r.seconds === seconds) ?? runs[0];
  if (!run) return;
  say(
    `| ${label} | ${run.notes.toLocaleString("en")} | ${seconds.toFixed(2)} | ${(run.notes / seconds).toFixed(0)} | ${(run.pages / seconds).toFixed(1)} | ${(run.bytes / 2 ** 20 / seconds).toFixed(1)} (${(run.bytes / 2 ** 20).toFixed(0)} MiB) | ${median(runs.map((r) => r.firstPageMs)).toFixed(0)} |`,
  );
}

/** On Postgres: the size of the feed's index (`note_members_feed_idx`) per row. */
async function sayFeedIndex(notes: number) {
  const sql = postgres(PG_URL, { max: 1 });
  try {
    const [row] = await sql<{ bytes: string; rows: string }[]>`
      select pg_relation_size('note_members_feed_idx')::text as bytes,
             (select count(*) from note_members)::text as rows`;
    const bytes = Number(row?.bytes ?? 0);
    const rows = Number(row?.rows ?? 0);
    say(
      `- The feed's index (\`note_members_feed_idx\`, account and seq) after seeding ${notes.toLocaleString("en")} notes: ${(bytes / 2 ** 20).toFixed(1)} MiB for ${rows.toLocaleString("en")} rows, ${(bytes / Math.max(rows, 1)).toFixed(0)} bytes a row`,
    );
  } finally {
    await sql.end();
  }
}

async function syncToken(url: string, token: string): Promise<string> {
  let pageToken = "";
  for (;;) {
    const page = await call<{ nextPageToken: string; nextSyncToken?: string }>(
      url,
      "GET",
      `/v1/changes?pageSize=500&snapshots=false${pageToken ? `&pageToken=${pageToken}` : ""}`,
      token,
    );
    if (!page.nextPageToken) return page.nextSyncToken ?? "";
    pageToken = page.nextPageToken;
  }
}

/**
 * 50 workers, each its own account and note (as 50 users would be). `trpc`: the same
 * append as the web app sends it, one call alone over /api/trpc (httpLink).
 */
async function appendLoad(
  url: string,
  label: string,
  serverPid: number | undefined,
  transport: "v1" | "trpc" = "v1",
) {
  const workers = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const token = await account(url);
      const [note] = await seedNotes(url, token, 1, 1024);
      return { token, note };
    }),
  );
  const update = b64(1024);
  const split = startCpuSplit(serverPid);
  const result = await load(50, SECONDS, (worker) => ({
    url:
      transport === "trpc"
        ? `${url}/api/trpc/notes.append`
        : `${url}/v1/notes/${workers[worker]?.note}/updates`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${workers[worker]?.token}`,
    },
    body: JSON.stringify({
      ...(transport === "trpc" && { id: workers[worker]?.note }),
      updates: [update],
      requestId: randomUUID(),
    }),
  }));
  sayAppendRow(label, result, split(result.requests));
  return result;
}

/** The same append load against a bare node:http + postgres.js INSERT server. */
async function bareAppendLoad() {
  const port = await freePort();
  const bare = spawn(process.execPath, ["--import", "tsx", "server/bare-server.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, PORT: String(port), DATABASE_URL: PG_URL },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve) => bare.stdout?.once("data", () => resolve()));
    const body = JSON.stringify({ updates: [b64(1024)] });
    const split = startCpuSplit(bare.pid);
    const result = await load(50, SECONDS, () => ({
      url: `http://127.0.0.1:${port}/`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }));
    sayAppendRow("bare node:http + postgres.js INSERT", result, split(result.requests));
    return result;
  } finally {
    bare.kill("SIGTERM");
  }
}

/** `syncOnly` (BENCH_MODES=sync): the full-sync table and the feed's index alone. */
async function benchMode(mode: "embedded" | "postgres", syncOnly = false) {
  if (mode === "postgres") await resetPostgres(PG_URL);
  const server = await startServer(
    "self-hosted",
    mode,
    mkdtempSync(path.join(tmpdir(), "notes-bench-")),
  );
  try {
    say(`\n### ${mode === "embedded" ? "Embedded (PGlite)" : "Postgres 15"}\n`);
    const token = await account(server.url);
    await seedNotes(server.url, token, 10_000, 1024);
    say(
      "| full sync (pages of 500, median of 3) | notes | s | notes/s | pages/s | MiB/s (total) | first page ms |",
    );
    say("|---|---|---|---|---|---|---|");
    await sayFullSync(server.url, token, "10,000 notes, snapshots, seq order");

    // The large account holds notes of 1 KiB like a person's (issue 23: 100,000).
    const big = await account(server.url);
    const ids = await seedNotes(server.url, big, LARGE, 1024);
    const many = LARGE.toLocaleString("en");
    await sayFullSync(server.url, big, `${many} notes, snapshots, seq order`);
    await sayFullSync(
      server.url,
      big,
      `${many} notes, snapshots, newest first`,
      "",
      "&order=newest",
    );
    await sayFullSync(server.url, big, `${many} notes, metadata only`, "&snapshots=false");
    await sayFullSync(
      server.url,
      big,
      `${many} notes, metadata only, newest first`,
      "&snapshots=false",
      "&order=newest",
    );
    say("");
    if (mode === "postgres") await sayFeedIndex(10_000 + LARGE);
    if (syncOnly) return;
    let cursor = await syncToken(server.url, big);
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      await call(server.url, "POST", `/v1/notes/${ids[i % ids.length]}/updates`, big, {
        updates: [b64(64)],
      });
      const t0 = performance.now();
      const page = await call<{ changes: unknown[]; nextSyncToken?: string }>(
        server.url,
        "GET",
        `/v1/changes?pageToken=${cursor}`,
        big,
      );
      latencies.push(performance.now() - t0);
      if (page.changes.length !== 1)
        throw new Error(`incremental page held ${page.changes.length} notes`);
      cursor = page.nextSyncToken ?? cursor;
    }
    latencies.sort((a, b) => a - b);
    say(
      `- Incremental sync, 1 changed note among ${LARGE.toLocaleString("en")}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (200 syncs)`,
    );

    say(`\nAppends, 50 connections, one 1 KiB update per request, ${SECONDS} s each:\n`);
    sayAppendTableHead();
    const selfHosted = await appendLoad(server.url, "self-hosted (`pnpm start`)", server.child.pid);
    await stopProcess(server.child);
    const nextDir = mkdtempSync(path.join(tmpdir(), "notes-bench-next-"));
    const next = await startServer("next", mode, nextDir);
    try {
      await appendLoad(next.url, "`next start` route handlers", next.child.pid);
    } finally {
      await stopProcess(next.child);
    }
    if (mode === "postgres") {
      const result = await bareAppendLoad();
      say(
        `\nSelf-hosted append throughput is ${(selfHosted.perSecond / result.perSecond).toFixed(2)}× the bare server's.`,
      );
    }
  } finally {
    await stopProcess(server.child);
  }
}

/**
 * Appends alone (BENCH_MODES=append): the self-hosted server over both transports,
 * on the embedded database and on Postgres, against the bare server, in one run.
 * On the embedded database PGlite runs inside the server, so its CPU is the server's.
 */
async function benchAppend() {
  const rates: string[] = [];
  let bare: LoadResult | undefined;
  say(`\n### Appends alone, 50 connections, ${SECONDS} s each\n`);
  if (await postgresReachable()) say(`Postgres: ${await postgresSettings()}.\n`);
  sayAppendTableHead();
  // BENCH_APPEND_DATABASES=postgres (or embedded) measures one database alone.
  const databases = (process.env.BENCH_APPEND_DATABASES ?? "embedded,postgres").split(",");
  for (const mode of (["embedded", "postgres"] as const).filter((m) => databases.includes(m))) {
    if (mode === "postgres") {
      if (!(await postgresReachable())) {
        say(`| (Postgres at ${PG_URL} not reachable: skipped) | | | | | |`);
        continue;
      }
      await resetPostgres(PG_URL);
    }
    const server = await startServer("self-hosted", mode, mkdtempSync(path.join(tmpdir(), "nb-")));
    const name = mode === "embedded" ? "embedded (PGlite)" : "Postgres 15";
    try {
      const pid = server.child.pid;
      // Two rounds in alternating order (v1, tRPC, tRPC, v1): each load adds 50 accounts
      // and their rows, so a transport always measured second would pay for the first.
      const perSecond = { v1: 0, trpc: 0 };
      for (const [round, transport] of (["v1", "trpc", "trpc", "v1"] as const).entries()) {
        const path = transport === "v1" ? "/v1" : "/api/trpc";
        const label = `self-hosted, ${name}, ${path} (round ${round < 2 ? 1 : 2})`;
        const result = await appendLoad(server.url, label, pid, transport);
        perSecond[transport] += result.perSecond / 2;
      }
      rates.push(
        `${name}: /v1 ${perSecond.v1.toFixed(0)}/s, /api/trpc ${perSecond.trpc.toFixed(0)}/s (means of both rounds)`,
      );
    } finally {
      await stopProcess(server.child);
    }
  }
  if (await postgresReachable()) bare = await bareAppendLoad();
  if (bare) {
    const ratio = (line: string) =>
      line.replace(
        /(\d+)\/s/g,
        (_, n: string) => `${n}/s (${(Number(n) / (bare?.perSecond ?? 1)).toFixed(2)}×)`,
      );
    say(
      `\nAgainst the bare server's ${bare.perSecond.toFixed(0)}/s: ${rates.map(ratio).join("; ")}.`,
    );
    const ceiling = await databaseCeiling(PG_URL, SECONDS);
    say(
      `\nThe database alone (no HTTP): \`notes_append\` on 10 connections like both servers' pools ${ceiling.appendsPerSecond.toFixed(0)}/s (Postgres CPU ${ceiling.appendPostgresUs?.toFixed(0) ?? "n/a"} µs per call); \`notes_append_batch\` in batches of ${BATCH} on one connection ${ceiling.batchedPerSecond.toFixed(0)} appends/s (${ceiling.batchedPostgresUs?.toFixed(0) ?? "n/a"} µs per append); the bare INSERT ${ceiling.insertsPerSecond.toFixed(0)}/s (${ceiling.insertPostgresUs?.toFixed(0) ?? "n/a"} µs).`,
    );
  }
}

const modes = (process.env.BENCH_MODES ?? "embedded,postgres,realtime").split(",");
say(
  `## Run of ${new Date().toISOString().slice(0, 10)} (\`pnpm bench\`, ${process.env.BENCH_MODES ? `BENCH_MODES=${process.env.BENCH_MODES} ` : ""}BENCH_LARGE=${LARGE}, 2 cores; load generator on the same machine)`,
);
for (const mode of modes) {
  if (mode === "realtime") {
    await benchRealtime(say);
    continue;
  }
  if (mode === "append") {
    await benchAppend();
    continue;
  }
  if (mode === "postgres" && !(await postgresReachable())) {
    say(`\n(Postgres at ${PG_URL} not reachable: skipped)`);
    continue;
  }
  if (mode === "sync") {
    await benchMode("embedded", true);
    if (await postgresReachable()) await benchMode("postgres", true);
    continue;
  }
  await benchMode(mode as "embedded" | "postgres");
}
writeFileSync(path.join(logDir, "bench-latest.md"), `${lines.join("\n")}\n`);
console.log("\nWritten to test-results/bench-latest.md; copy the figures into BENCHMARKS.md.");
