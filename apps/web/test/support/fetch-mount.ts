// The Fetch mount (what `next start` runs, see fetch-mount-server.ts) started for
// one test file, beside the suite's self-hosted server, on the same database.

import { databaseEnv, TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import { type RunningServer, startServer } from "@notes/test-support/server-process";
import { afterAll, beforeAll } from "vitest";
import { baseUrl } from "./api";

export interface Mount {
  name: "self-hosted" | "fetch";
  /** Where it listens, which is also its PUBLIC_URL (problem `type` URIs start with it). */
  url: () => string;
}

/** Both mounts of the handler; the Fetch one runs from this file's beforeAll to its afterAll. */
export function bothMounts(logName: string): Mount[] {
  let fetchMount: RunningServer | undefined;
  beforeAll(async () => {
    fetchMount = await startServer(
      { TRUST_PROXY: "true", OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, ...databaseEnv() },
      logName,
      "fetch-mount",
    );
  }, 120_000);
  afterAll(async () => {
    await fetchMount?.stop();
  });
  return [
    { name: "self-hosted", url: baseUrl },
    {
      name: "fetch",
      url: () => {
        if (!fetchMount) throw new Error("the Fetch mount has not started");
        return fetchMount.url;
      },
    },
  ];
}
