// Pooled mode (behind a transaction pooler) sends one query at a time per connection
// (max_pipeline 0). postgres.js reserved a transaction's connection only when another
// query could be pipelined behind its BEGIN, so with nothing allowed behind it every
// transaction failed UNSAFE_TRANSACTION (patches/postgres@3.4.9.patch; CI's pooled
// project answered 500 to nearly everything). Runs on Postgres (DATABASE_URL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database";
import { openPostgres } from "./postgres";

const url = process.env.DATABASE_URL;
/** The rows a statement answered (Db's execute is typed for both databases: unknown). */
const rows = (answer: unknown) => answer as Record<string, unknown>[];

describe.runIf(url)("a pooled-mode pool (one query at a time per connection)", () => {
  let database: Database;
  beforeAll(() => {
    database = openPostgres({ url: url as string, pooled: true, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("runs transactions beside single statements, more of them than connections", async () => {
    const inTransaction = Array.from({ length: 6 }, (_, i) =>
      database.db.transaction(async (tx) => {
        const first = rows(await tx.execute(sql`select ${i}::int as n`));
        const second = rows(
          await tx.execute(sql`select current_setting('statement_timeout') as t`),
        );
        return [first[0]?.n, second[0]?.t];
      }),
    );
    const alone = Array.from({ length: 6 }, (_, i) =>
      database.db.execute(sql`select ${i + 10}::int as n`).then((answer) => rows(answer)[0]?.n),
    );
    expect(await Promise.all(inTransaction)).toEqual(
      Array.from({ length: 6 }, (_, i) => [i, "30s"]),
    );
    expect(await Promise.all(alone)).toEqual([10, 11, 12, 13, 14, 15]);
  });

  it("runs a repeatable-read, read-only transaction (SET TRANSACTION first, then the limits)", async () => {
    const [isolation, readOnly, timeout] = await database.db.transaction(
      async (tx) => {
        const [row] = rows(
          await tx.execute(
            sql`select current_setting('transaction_isolation') as i,
              current_setting('transaction_read_only') as r,
              current_setting('idle_in_transaction_session_timeout') as t`,
          ),
        );
        return [row?.i, row?.r, row?.t];
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    expect([isolation, readOnly, timeout]).toEqual(["repeatable read", "on", "10s"]);
  });

  it("rolls a failed transaction back and goes on", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select * from no_such_table`);
      }),
    ).rejects.toThrow();
    const [row] = rows(await database.db.execute(sql`select 2::int as n`));
    expect(row?.n).toBe(2);
  });
});
