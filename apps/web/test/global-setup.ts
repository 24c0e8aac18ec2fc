// Starts one self-hosted server for the integration suite and tells the tests
// where it is. The suite then talks to it only over real HTTP.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migratedTemplate } from "@notes/db/template";
import {
  databaseEnv,
  databaseUrl,
  resetPostgres,
  TEST_OPERATOR_TOKEN,
} from "@notes/test-support/database-mode";
import {
  freePort,
  hasNextBuild,
  startProcess,
  stopProcess,
  waitForHealth,
  webDir,
} from "@notes/test-support/server-process";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Origin of the WebSocket paths: the server itself (embedded) or the sidecar (Postgres). */
    realtimeUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!hasNextBuild()) execSync("pnpm exec next build", { cwd: webDir, stdio: "inherit" });
  if (databaseUrl) await resetPostgres(databaseUrl);
  // Every embedded server the suite starts copies this instead of migrating from empty
  // (embedded-template.ts; some files start embedded servers on Postgres runs too).
  await migratedTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-it-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Postgres mode: one realtime sidecar beside the server, as deployed.
  const sidecar = databaseUrl ? await startSidecar(url) : undefined;
  const realtimeUrl = sidecar?.url ?? url.replace(/^http/, "ws");
  const child = startProcess(
    "self-hosted",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      REALTIME_URL: realtimeUrl,
      // Key transparency: short epochs, so a key published in a test is logged at once.
      KT_EPOCH_MS: "200",
      // A quiet log closes an epoch every 2 s, not every interval: fewer heads to audit.
      KT_IDLE_EPOCH_MS: "2000",
      ...databaseEnv(),
    },
    // `pnpm test` runs the own-lane files against a server of their own (TEST_LANE=own).
    process.env.TEST_LANE === "own" ? "server-own-lane.log" : "server.log",
  );
  await waitForHealth(url, child);
  project.provide("baseUrl", url);
  project.provide("dataDir", dataDir);
  project.provide("realtimeUrl", realtimeUrl);
  return async () => {
    await stopProcess(child);
    if (sidecar) await stopProcess(sidecar.process);
  };
}

/** Starts `apps/realtime` on a free port (it needs the migrated schema: the server's). */
export async function startSidecar(
  publicUrl: string,
  logName = "realtime.log",
  database: Record<string, string> = databaseEnv(),
) {
  // The server's port is chosen but not bound yet: never hand out the same one.
  const taken = Number(new URL(publicUrl).port);
  let port = await freePort();
  while (port === taken) port = await freePort();
  const child = startProcess(
    "realtime",
    { REALTIME_PORT: String(port), PUBLIC_URL: publicUrl, LOG_LEVEL: "info", ...database },
    logName,
  );
  const url = `http://127.0.0.1:${port}`;
  // As long as the server is given (waitForHealth): on a loaded machine (CI's lanes
  // beside each other) starting the sidecar once took more than 30 s.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`realtime exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("realtime sidecar did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: url.replace(/^http/, "ws"), process: child };
}
