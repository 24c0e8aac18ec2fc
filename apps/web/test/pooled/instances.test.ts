// Pooled mode across instances. The suite's server (`next start`) has both URLs:
// it LISTENs for revocations on the direct one and keeps its session cache. A
// second instance here gets the pooled URL alone: it cannot hold a LISTEN, so it
// must neither migrate nor cache sessions; a session revoked elsewhere is refused
// by it at once, and it will not start on a schema it cannot bring up to date.

import { TEST_SERVER_SECRET } from "@notes/test-support/database-mode";
import {
  exitWithin,
  freePort,
  type RunningServer,
  startProcess,
  startServer,
} from "@notes/test-support/server-process";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp } from "../support/accounts";
import { Client } from "../support/api";

const skip = inject("pooledSkip");

/** The status of GET /v1/account: 200 while the session lives, 401 once it is revoked. */
const accountStatus = async (client: Client, token: string) =>
  (await client.call("GET", "/v1/account", { token })).status;

describe.skipIf(skip)("instances behind a transaction pooler", () => {
  let pooledOnly: RunningServer;
  const onPooledOnly = () => new Client(undefined, "pooled-only", pooledOnly.url);

  beforeAll(async () => {
    pooledOnly = await startServer(
      {
        DATABASE_URL: inject("pooledDatabase").url,
        SERVER_SECRET: TEST_SERVER_SECRET,
        TRUST_PROXY: "true",
      },
      "server-pooled-only.log",
    );
  }, 120_000);

  afterAll(async () => {
    await pooledOnly?.stop();
  });

  it("refuses, on the pooled URL alone, a session revoked elsewhere at once", async () => {
    const owner = await signUp();
    const other = onPooledOnly();
    // Twice: an instance that kept a session cache would answer the next from it.
    for (let i = 0; i < 2; i++) expect(await accountStatus(other, owner.token)).toBe(200);
    const signOut = await owner.client.call("DELETE", "/v1/sessions/current", {
      token: owner.token,
    });
    expect(signOut.status).toBe(204);
    expect(await accountStatus(other, owner.token)).toBe(401);
  });

  it("hears, with a direct URL, a revocation made through another instance", async () => {
    const owner = await signUp();
    for (let i = 0; i < 2; i++) expect(await accountStatus(owner.client, owner.token)).toBe(200);
    const signOut = await onPooledOnly().call("DELETE", "/v1/sessions/current", {
      token: owner.token,
    });
    expect(signOut.status).toBe(204);
    // The revocation arrives by NOTIFY on the direct URL's LISTEN: moments, not the
    // cache's minute.
    await expect
      .poll(() => accountStatus(owner.client, owner.token), { timeout: 5_000, interval: 100 })
      .toBe(401);
  });

  it("will not start on the pooled URL alone while the schema is behind, and says why", async () => {
    const direct = new URL(inject("pooledDatabase").directUrl);
    const name = `${direct.pathname.slice(1)}_behind`;
    const admin = postgres(direct.href, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    try {
      const pooled = new URL(inject("pooledDatabase").url);
      pooled.pathname = `/${name}`;
      const port = await freePort();
      const child = startProcess(
        "self-hosted",
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: pooled.href,
          SERVER_SECRET: TEST_SERVER_SECRET,
        },
        "server-pooled-behind.log",
      );
      let said = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        said += chunk.toString();
      });
      const exit = await exitWithin(child, 60_000);
      expect(exit).toBe(1);
      expect(said).toContain("schema is behind");
      expect(said).toContain("DATABASE_DIRECT_URL");
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 90_000);
});
