// The benchmark's own server: like global-setup.ts (embedded database, high rate
// limits) but on a data directory that outlives the run, with the seeded accounts
// remembered beside it, since seeding 10,000 notes takes minutes. BENCH_FRESH=1 starts
// from an empty directory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Seeded } from "../../e2e/fixtures/seed";
import { repoRoot } from "../../e2e/fixtures/server";
import { freePort, waitForHealth } from "../../e2e/fixtures/server-process";

/** bench/: what a run writes goes to bench/test-results, which git and biome ignore. */
export const benchDir = path.resolve(import.meta.dirname, "..");
/** The seeded accounts' data directory, kept between runs. */
export const benchDataDir = path.join(benchDir, "test-results/bench-data");
const accountsFileOf = (dataDir: string) => path.join(dataDir, "bench-accounts.json");

export interface BenchServer {
  baseUrl: string;
  /** OPERATOR_TOKEN the server runs with: the seeding grants large accounts premium. */
  operatorToken: string;
  stop(): Promise<void>;
}

/** A server on `dataDir` (default: the seeded accounts' directory). */
export async function startBenchServer(dataDir = benchDataDir): Promise<BenchServer> {
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
