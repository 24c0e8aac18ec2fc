// A pooled URL that does not say `pgbouncer=true` (issue 39): PgBouncer in
// transaction mode in front, and nothing in the URL to tell. Prepared statements
// made on one server connection used to fail on another and leave sessions idle in
// a transaction holding row locks. The server now finds the pooler at start, runs
// in pooled mode and says so; the sidecar, whose LISTEN would hear nothing there,
// refuses to start. Every transaction of the app's pool runs with a statement
// timeout and an idle-in-transaction timeout, through the pooler too.

import path from "node:path";
import { openDatabase, SESSION_LIMITS } from "@notes/db";
import { TEST_SERVER_SECRET } from "@notes/test-support/database-mode";
import {
  exitWithin,
  type RunningServer,
  startProcess,
  startServer,
} from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp } from "../support/accounts";
import { Client } from "../support/api";
import { append, blob, newNote } from "../support/notes";

const skip = inject("pooledSkip");

/** The pooled URL as an operator might paste it: no `pgbouncer=true`. */
function unflagged(): string {
  const url = new URL(inject("pooledDatabase").url);
  url.searchParams.delete("pgbouncer");
  return url.href;
}

const migrations = path.resolve(import.meta.dirname, "../../../../drizzle");

describe.skipIf(skip)("a transaction pooler the URL does not mention", () => {
  let server: RunningServer;
  let said = "";

  beforeAll(async () => {
    server = await startServer(
      { DATABASE_URL: unflagged(), SERVER_SECRET: TEST_SERVER_SECRET, TRUST_PROXY: "true" },
      "server-unflagged-pooler.log",
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("is found at start: the server serves concurrent writers without a failure", async () => {
    const client = () => new Client(undefined, "unflagged", server.url);
    const writers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await signUp(undefined, client());
        const note = await newNote(user);
        return { user, note };
      }),
    );
    const answers = await Promise.all(
      writers.flatMap(({ user, note }) =>
        Array.from({ length: 5 }, () => append(user, note.id, { updates: [blob(64)] })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it("sets both timeouts in every transaction, through the pooler and directly", async () => {
    for (const databaseUrl of [unflagged(), inject("pooledDatabase").directUrl]) {
      const database = await openDatabase({
        databaseUrl,
        dataDir: "",
        migrationsFolder: migrations,
        directUrl: inject("pooledDatabase").directUrl,
        warn: (message) => {
          said += message;
        },
      });
      try {
        const limits = await database.db.transaction(async (tx) => {
          // Postgres mode: postgres.js answers the rows as an array.
          const result = await tx.execute(
            `select current_setting('statement_timeout') as statement,
                    current_setting('idle_in_transaction_session_timeout') as idle`,
          );
          return [...(result as unknown as { statement: string; idle: string }[])];
        });
        expect(limits[0]).toEqual({
          statement: `${SESSION_LIMITS.STATEMENT_MS / 1000}s`,
          idle: `${SESSION_LIMITS.IDLE_IN_TRANSACTION_MS / 1000}s`,
        });
      } finally {
        await database.close();
      }
    }
    // Told once, for the pooled URL.
    expect(said.split("transaction-mode pooler").length - 1).toBe(1);
    expect(said).toContain("pgbouncer=true");
  });

  it("makes the sidecar refuse to start on it, saying why", async () => {
    const child = startProcess(
      "realtime",
      { REALTIME_PORT: "0", DATABASE_URL: unflagged(), PUBLIC_URL: server.url },
      "realtime-unflagged-pooler.log",
    );
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exit = await exitWithin(child, 30_000);
    expect(exit).toBe(1);
    expect(output).toContain("transaction-mode pooler");
  }, 40_000);
});
