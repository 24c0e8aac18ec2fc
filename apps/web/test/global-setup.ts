// Starts one self-hosted server for the integration suite and tells the tests
// where it is. The suite then talks to it only over real HTTP.
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  databaseEnv,
  databaseUrl,
  resetPostgres,
  TEST_OPERATOR_TOKEN,
} from "./support/database-mode";
import {
  freePort,
  hasNextBuild,
  startProcess,
  stopProcess,
  waitForHealth,
  webDir,
} from "./support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!hasNextBuild()) execSync("pnpm exec next build", { cwd: webDir, stdio: "inherit" });
  if (databaseUrl) await resetPostgres(databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "notes-it-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    "self-hosted",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      ...databaseEnv(),
    },
    "server.log",
  );
  await waitForHealth(url, child);
  project.provide("baseUrl", url);
  project.provide("dataDir", dataDir);
  return async () => {
    await stopProcess(child);
  };
}
