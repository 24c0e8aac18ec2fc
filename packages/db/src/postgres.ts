// Postgres mode: a bounded postgres.js pool. postgres.js reconnects lazily and
// rejects the affected queries when a connection drops, so a lost database never
// crashes the process; callers map those rejections to 503 (see isUnavailable).
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Database, Db } from "./database";
import { listenResiliently } from "./postgres-listen";
import { retryingConflicts } from "./retry-conflicts";
import * as schema from "./schema";

const MIGRATION_LOCK = 7_340_219;

/**
 * drizzle runs unnamed queries unprepared, so Postgres would parse and plan every
 * statement anew (most of an append's database CPU, measured). This hands it a
 * client whose queries, inside transactions too, use postgres.js's per-connection
 * prepared-statement cache.
 */
function preparing(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (
          query: string,
          params?: postgres.ParameterOrJSON<never>[],
          options?: postgres.UnsafeQueryOptions,
        ) => target.unsafe(query, params, { ...options, prepare: true });
      }
      if (property === "begin") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.begin as (...a: unknown[]) => unknown)(
            ...args,
            (tx: postgres.TransactionSql) =>
              callback(
                preparing(tx as unknown as postgres.Sql) as unknown as postgres.TransactionSql,
              ),
          );
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

export interface PostgresOptions {
  url: string;
  poolSize?: number;
}

export function openPostgres({ url, poolSize = 10 }: PostgresOptions): Database {
  const client = postgres(url, {
    max: poolSize,
    // While the database is down, queued queries wait for the pool's reconnect
    // attempts; postgres.js spaces those up to 20 s apart by default, which held
    // requests for many seconds. A short connect timeout and a backoff capped at
    // one second make them fail fast (503 at-capacity) and recover fast.
    connect_timeout: 2,
    backoff: (attempts: number) => Math.min(1, 0.05 * 2 ** attempts),
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: "notes" },
  });
  const db = retryingConflicts(drizzle(preparing(client), { schema }) as unknown as Db);
  return {
    kind: "postgres",
    db,
    // Several instances may start at once: they take turns under an advisory lock.
    async migrate(migrationsFolder) {
      const lockHolder = await client.reserve();
      try {
        await lockHolder`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migrate(db as never, { migrationsFolder });
      } finally {
        await lockHolder`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
        lockHolder.release();
      }
    },
    listen: (channel, onPayload, onListening, onLost) =>
      listenResiliently(url, channel, onPayload, onListening, onLost),
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}
