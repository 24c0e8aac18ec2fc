// The outage gate and a connection lost mid-call, through both transports (Postgres
// mode: the embedded database lives inside the server and cannot be lost). Apart from
// transport-parity.test.ts, which runs once on the embedded database, so that CI's
// Postgres run keeps this case.

import { databaseUrl, mode } from "@notes/test-support/database-mode";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { baseUrl, Client } from "./support/api";
import { device, observe, problem, type Seen, TRANSPORTS } from "./support/transports";

describe.runIf(mode === "postgres")("/v1 and /api/trpc when the database is lost", () => {
  it("answers the same 503 on both, then both recover", async () => {
    const user = await signUp();
    const clients = TRANSPORTS.map((transport) => device(baseUrl(), transport, user.token));
    // Every connection of the pool open, so idle ones are lost too.
    await Promise.all(
      clients.flatMap((api) => Array.from({ length: 10 }, () => api.call("account.get", {}))),
    );
    const control = postgres(databaseUrl!, {
      max: 2,
      connection: { application_name: "test-control" },
    });
    let pending: Promise<Seen>[] = [];
    try {
      await control.begin(async (tx) => {
        await tx`lock table accounts in access exclusive mode`;
        pending = clients.map((api) => observe(() => api.call("account.get", {})));
        await new Promise((r) => setTimeout(r, 500));
        await control`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'notes' and datname = current_database()`;
      });
    } finally {
      await control.end();
    }
    const [rest, trpc] = await Promise.all(pending);
    expect(rest).toMatchObject({ status: 503, retryAfter: "seconds" });
    expect(problem(rest)?.type).toMatch(/\/problems\/at-capacity$/);
    expect(trpc).toEqual(rest);
    expect(JSON.stringify(trpc)).not.toMatch(/terminat|SQL|postgres/i);

    const deadline = Date.now() + 10_000;
    let health = await new Client().call("GET", "/v1/health");
    while (health.status !== 200 && Date.now() < deadline)
      health = await new Client().call("GET", "/v1/health");
    const after = await Promise.all(
      clients.map((api) => observe(() => api.call("account.get", {}))),
    );
    expect(after[1]).toEqual(after[0]);
    expect(after[0]).toHaveProperty("ok");
  });
});
