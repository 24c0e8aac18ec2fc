// The benchmark's own server: like global-setup.ts (embedded database, high rate
// limits) but on a data directory that outlives the run, with the seeded accounts
// remembered beside it, since seeding 10,000 notes takes minutes. BENCH_FRESH=1 starts
// from an empty directory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { Seeded } from "../../e2e/fixtures/seed";
import { repoRoot } from "../../e2e/fixtures/server";
import { freePort, waitForHealth } from "../../e2e/fixtures/server-process";

/** bench/: what a run writes goes to bench/test-results, which git and biome ignore. */
export const benchDir = path.resolve(import.meta.dirname, "..");
/**
 * BENCH_WEB_DB=postgres: the server on Postgres (BENCH_DATABASE_URL, default the local
 * `bench_web` database, made when missing), not the test database, which the tests
 * empty). Its seeded accounts are remembered apart from the embedded ones.
 */
export const benchPostgres = process.env.BENCH_WEB_DB === "postgres";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_web";
/** The seeded accounts' data directory, kept between runs. */
export const benchDataDir = path.join(
  benchDir,
  benchPostgres ? "test-results/bench-data-postgres" : "test-results/bench-data",
);
const accountsFileOf = (dataDir: string) => path.join(dataDir, "bench-accounts.json");

export interface BenchServer {
  baseUrl: string;
  /** OPERATOR_TOKEN the server runs with: the seeding grants large accounts premium. */
  operatorToken: string;
  stop(): Promise<void>;
}

/**
 * A server on `dataDir` (default: the seeded accounts' directory), and with
 * BENCH_WEB_DB=postgres on `databaseUrl`'s database (made when missing).
 */
export async function startBenchServer(
  dataDir = benchDataDir,
  databaseUrl = PG_URL,
): Promise<BenchServer> {
  if (process.env.BENCH_FRESH === "1" && dataDir === benchDataDir)
    rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const operatorToken = `bench-operator-${randomBytes(16).toString("hex")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_SCALE: "1000",
    OPERATOR_TOKEN: operatorToken,
  };
  delete env.DATABASE_URL;
  if (benchPostgres) {
    await createDatabaseOnce(databaseUrl);
    env.DATABASE_URL = databaseUrl;
    env.SERVER_SECRET = serverSecretOf(dataDir);
  }
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: path.join(repoRoot, "apps/web"),
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    operatorToken,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** An account seeded by an earlier run on this data directory, or a fresh one. */
export async function seededOnce(
  name: string,
  seed: () => Promise<Seeded>,
  dataDir = benchDataDir,
): Promise<Seeded> {
  const accountsFile = accountsFileOf(dataDir);
  const known: Record<string, Seeded> = existsSync(accountsFile)
    ? JSON.parse(readFileSync(accountsFile, "utf8"))
    : {};
  const found = known[name];
  if (found) return found;
  const fresh = await seed();
  writeFileSync(accountsFile, JSON.stringify({ ...known, [name]: fresh }, null, 2));
  return fresh;
}

/** The database BENCH_DATABASE_URL names, made when it does not exist yet. */
async function createDatabaseOnce(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    const found = await sql`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}

/** One server secret per data directory: the accounts' sessions and tokens outlive a run. */
function serverSecretOf(dataDir: string): string {
  const file = path.join(dataDir, "server-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"));
  return readFileSync(file, "utf8").trim();
}
