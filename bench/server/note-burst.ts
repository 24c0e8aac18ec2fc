// A burst of new notes, and what the rest of the server's callers see during and after
// it. Every new note gets its first roster leaf in the key-transparency log, placed by a
// VRF proof of ~2.5 ms of CPU; 10,000 of them computed inside one epoch's transaction
// held the event loop (and an embedded database) for ~30 s. One account writes
// BENCH_NOTES notes (default 10,000) through /v1 as the web app does (12 at a time),
// while a bystander asks GET /v1/health every 200 ms; then the bystander goes on for
// BENCH_AFTER_SECONDS (default 90: the next epoch closes within it). Figures: the
// bystander's worst and p99 answer during and after, and when the last note's roster
// head could be proven (GET /v1/key-transparency/notes/{id}).
//   pnpm --filter @notes/bench bench:burst   (BENCH_WEB_DB=postgres: on a `bench_burst`
//   database of the local Postgres, dropped and made anew)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiClient, prepareNote, signUp } from "@notes/client";
import postgres from "postgres";
import { prose } from "../../e2e/fixtures/seed";
import { benchPostgres, startBenchServer } from "../web/server";
import { percentile } from "./load";

const NOTES = Number(process.env.BENCH_NOTES ?? 10_000);
const AFTER_MS = Number(process.env.BENCH_AFTER_SECONDS ?? 90) * 1000;
const CONCURRENCY = 12;

/** Asks /v1/health every 200 ms until stopped; answers each answer's time (ms). */
function bystander(baseUrl: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/v1/health`)).text();
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...times].sort((a, b) => a - b);
      return { worst: sorted.at(-1) ?? 0, p99: percentile(sorted, 99), asked: times.length };
    },
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "notes-burst-"));
// On Postgres, a database of its own, made anew each run.
const BURST_DB = "bench_burst";
if (benchPostgres) {
  const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres", { onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${BURST_DB} with (force)`);
  await admin.end();
}
const server = await startBenchServer(dataDir, `postgres://postgres@127.0.0.1:5432/${BURST_DB}`);
try {
  const api = createApiClient({ baseUrl: server.baseUrl });
  const { session } = await signUp(api, {
    identifier: `burst_${Date.now().toString(36)}`,
    password: "burst-password-0123",
  });
  api.setToken(session.token);
  const during = bystander(server.baseUrl);
  const started = performance.now();
  let next = 0;
  let last = "";
  const writer = async () => {
    for (let i = next++; i < NOTES; i = next++) {
      const { body } = await prepareNote(session, {
        title: `Burst ${i}`,
        tags: ["burst"],
        text: prose(1000, i),
      });
      await api.call("notes.create", body);
      last = body.id;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, writer));
  const wrote = performance.now() - started;
  const busy = await during.stop();
  const after = bystander(server.baseUrl);
  let provenAt: number | undefined;
  const until = performance.now() + AFTER_MS;
  while (performance.now() < until) {
    if (provenAt === undefined) {
      const res = await fetch(`${server.baseUrl}/v1/key-transparency/notes/${last}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const answer = (await res.json()) as { proof?: unknown };
      if (answer.proof) provenAt = performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const quiet = await after.stop();
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`${NOTES} new notes on ${benchPostgres ? "Postgres" : "the embedded database"}`);
  console.log(
    `  written in ${(wrote / 1000).toFixed(1)} s (${Math.round(NOTES / (wrote / 1000))}/s)`,
  );
  console.log(
    `  health while writing: worst ${ms(busy.worst)}, p99 ${ms(busy.p99)} (${busy.asked})`,
  );
  console.log(
    `  health in the ${AFTER_MS / 1000} s after: worst ${ms(quiet.worst)}, p99 ${ms(quiet.p99)} (${quiet.asked})`,
  );
  console.log(
    `  last note's roster head proven: ${provenAt === undefined ? "not within the run" : `${(provenAt / 1000).toFixed(1)} s after the first write`}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
