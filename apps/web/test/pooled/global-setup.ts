// The pooled suite (vitest project `pooled`): /v1 tests against the Vercel-style
// deployment. `next start` (the Next mount) with DATABASE_URL on a real PgBouncer
// in transaction mode and DATABASE_DIRECT_URL on Postgres itself (migrations,
// LISTEN), and the realtime sidecar beside it. It runs on a database of its own,
// made fresh here, so it never races the other projects' schema resets. Without
// Postgres (DATABASE_URL) or a local pgbouncer it says why and the tests skip.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  databaseUrl,
  TEST_OPERATOR_TOKEN,
  TEST_SERVER_SECRET,
} from "@notes/test-support/database-mode";
import { findPgBouncer, startPgBouncer } from "@notes/test-support/pgbouncer";
import {
  freePort,
  hasNextBuild,
  startProcess,
  stopProcess,
  waitForHealth,
  webDir,
} from "@notes/test-support/server-process";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { startSidecar } from "../global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    /** Why the pooled suite cannot run here; empty when it runs. */
    pooledSkip: string;
    /** What the pooled server was given, for tests that start another instance. */
    pooledDatabase: { url: string; directUrl: string };
  }
}

function skipReason(): string {
  if (!databaseUrl) return "it needs Postgres: set DATABASE_URL to a direct Postgres URL";
  if (!findPgBouncer())
    return "pgbouncer is not installed (apt-get install -y pgbouncer; CI installs it)";
  return "";
}

/** A new empty database beside DATABASE_URL's, named after it; answers its URL. */
async function freshDatabase(adminUrl: string, suffix: string): Promise<string> {
  const url = new URL(adminUrl);
  const name = `${url.pathname.slice(1) || "postgres"}${suffix}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.href;
}

export default async function setup(project: TestProject) {
  const reason = skipReason();
  project.provide("pooledSkip", reason);
  if (reason) {
    console.warn(`\n  pooled suite skipped: ${reason}\n`);
    return;
  }
  if (!hasNextBuild()) execSync("pnpm exec next build", { cwd: webDir, stdio: "inherit" });
  const directUrl = await freshDatabase(databaseUrl!, "_pooled");
  const bouncer = await startPgBouncer(findPgBouncer()!, directUrl);
  const pooled = new URL(bouncer.url);
  pooled.searchParams.set("pgbouncer", "true");
  const database = {
    DATABASE_URL: pooled.href,
    DATABASE_DIRECT_URL: directUrl,
    SERVER_SECRET: TEST_SERVER_SECRET,
  };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sidecar = await startSidecar(url, "realtime-pooled.log", database);
  const child = startProcess(
    "next",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-pooled-")),
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      REALTIME_URL: sidecar.url,
      KT_EPOCH_MS: "200",
      // A quiet log closes an epoch every 2 s, not every interval: fewer heads to audit.
      KT_IDLE_EPOCH_MS: "2000",
      ...database,
    },
    "next-pooled.log",
  );
  const stopAll = async () => {
    await stopProcess(child);
    await stopProcess(sidecar.process);
    await bouncer.stop();
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide("baseUrl", url);
  project.provide("dataDir", "");
  project.provide("realtimeUrl", sidecar.url);
  project.provide("pooledDatabase", { url: pooled.href, directUrl });
  return stopAll;
}
