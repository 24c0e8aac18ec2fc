// A self-hosted server for the billing tests, wired to the fake Stripe
// (fake-stripe.ts) through the STRIPE_* variables the test passes.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseEnv, mode, TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { inject } from "vitest";

export interface BillingServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A self-hosted server with the given STRIPE_* variables. Postgres mode shares the
 * suite's database (and its realtime sidecar); embedded mode gets its own data dir.
 */
export async function startBillingServer(
  name: string,
  stripe: Record<string, string>,
): Promise<BillingServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    "self-hosted",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `notes-${name}-`)),
      DATABASE_URL: "",
      TRUST_PROXY: "true",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      ...(mode === "postgres" && { REALTIME_URL: inject("realtimeUrl") }),
      ...databaseEnv(),
      ...stripe,
    },
    `${name}-server.log`,
  );
  await waitForHealth(url, child);
  return {
    url,
    stop: async () => {
      await stopProcess(child);
    },
  };
}
