// Starts the one self-hosted server of an e2e run (`node --import tsx server.ts` in
// apps/web, like `pnpm start`) and hands its whereabouts to the tests through
// process.env (see fixtures/server.ts). Embedded database on a fresh temp DATA_DIR by
// default; with E2E_DATABASE_URL or DATABASE_URL, a fresh database e2e_<random> on
// that Postgres server. Billing talks to the fake Stripe of the integration tests
// (apps/web/test/support/fake-stripe.ts, with its checkout pages) started here too.
// On Postgres the deployment keeps attachment chunks in an S3-compatible store (s3rver,
// @notes/test-support/object-store) open to the app's origin, so the attachment
// journeys there send and read chunks straight at the store by presigned URLs, as a
// production deployment with S3 does. The returned function is the global teardown.
import { type ChildProcess, execFileSync, execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STRIPE_KEY, startFakeStripe } from "@notes/test-support/fake-stripe";
import { startObjectStore } from "@notes/test-support/object-store";
import { type E2eServer, e2eDir, repoRoot, SERVER_ENV } from "./fixtures/server";
import { freePort, waitForHealth } from "./fixtures/server-process";

const webDir = path.join(repoRoot, "apps/web");
const resultsDir = path.join(e2eDir, process.env.E2E_RESULTS_DIR || "test-results");
const keep = process.env.E2E_KEEP === "1";

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(webDir, ".next/BUILD_ID"))) {
    console.log("[e2e] no Next build (apps/web/.next/BUILD_ID): running `pnpm build`");
    execSync("pnpm build", { cwd: repoRoot, stdio: "inherit" });
  }
  mkdirSync(resultsDir, { recursive: true });
  const logPath = path.join(resultsDir, "server.log");
  const adminUrl = process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || undefined;
  const databaseUrl = adminUrl ? createDatabase(adminUrl) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-e2e-"));
  const port = await freePort();
  // localhost, not 127.0.0.1: it is PUBLIC_URL and so the WebAuthn RP ID, and browsers
  // refuse an IP address as an RP ID (passkey journeys).
  const baseUrl = `http://localhost:${port}`;
  const operatorToken = `e2e-operator-${randomBytes(16).toString("hex")}`;
  const stripe = await startFakeStripe({ appUrl: baseUrl });
  const objectStore = databaseUrl ? await startObjectStore({ browserOrigin: baseUrl }) : undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || "info",
    RATE_LIMIT_SCALE: "1000",
    // Key transparency: short epochs, so a key published in a journey is logged at once.
    KT_EPOCH_MS: "250",
    // A quiet log closes an epoch every 2 s, not every interval: fewer heads to audit.
    KT_IDLE_EPOCH_MS: "2000",
    OPERATOR_TOKEN: operatorToken,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    BILLING_PRICES: JSON.stringify({ monthly: { eur: 450 } }),
    ...objectStore?.env,
  };
  delete env.DATABASE_URL;
  delete env.SERVER_SECRET;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    env.SERVER_SECRET = randomBytes(32).toString("hex");
  }

  // Postgres mode is deployed with the realtime sidecar beside the app.
  let sidecar: ChildProcess | undefined;
  if (databaseUrl) {
    const realtimePort = await freePort();
    env.REALTIME_URL = `ws://127.0.0.1:${realtimePort}`;
    const sidecarFd = openSync(path.join(resultsDir, "realtime.log"), "w");
    sidecar = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.join(repoRoot, "apps/realtime"),
      env: { ...env, REALTIME_PORT: String(realtimePort) },
      stdio: ["ignore", sidecarFd, sidecarFd],
    });
    closeSync(sidecarFd);
  }

  // The child writes straight into the log file: nothing is lost if the runner is busy.
  const logFd = openSync(logPath, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: webDir,
    env,
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);

  const cleanup = async () => {
    const code = await stop(child);
    if (sidecar) await stop(sidecar);
    await stripe.close();
    await objectStore?.close();
    if (code !== 0) console.warn(`[e2e] server exited with ${code}; see ${logPath}`);
    if (keep) {
      console.log(`[e2e] E2E_KEEP=1: kept ${databaseUrl ?? dataDir}`);
      return;
    }
    if (databaseUrl && adminUrl) dropDatabase(adminUrl, databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, logPath);
  } catch (error) {
    await cleanup();
    throw error;
  }

  const handover: E2eServer = {
    baseUrl,
    mode: databaseUrl ? "postgres" : "embedded",
    logPath,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(objectStore ? { objectStoreUrl: objectStore.url } : {}),
    dataDir,
    operatorToken,
    pid: child.pid ?? -1,
  };
  process.env[SERVER_ENV] = JSON.stringify(handover);
  process.env.E2E_BASE_URL = baseUrl;
  console.log(`[e2e] server on ${baseUrl} (${handover.mode}); log: ${logPath}`);
  return cleanup;
}

/** SIGTERM, then wait for the exit (the server gives itself 20 s); SIGKILL after 30 s. */
function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

function psql(url: string, sql: string) {
  try {
    execFileSync("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    const safe = new URL(url);
    if (safe.password) safe.password = "***";
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`psql on ${safe} failed: ${sql}\n${stderr || error}`);
  }
}

/** Creates e2e_<random> on the server of `adminUrl`; returns its URL. */
function createDatabase(adminUrl: string): string {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  psql(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function dropDatabase(adminUrl: string, databaseUrl: string) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  try {
    psql(adminUrl, `drop database if exists "${name}" with (force)`);
  } catch (error) {
    console.warn(`[e2e] could not drop database ${name}: ${error}`);
  }
}
