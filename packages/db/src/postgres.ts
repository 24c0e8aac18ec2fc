// Postgres mode: a bounded postgres.js pool. postgres.js reconnects lazily and
// rejects the affected queries when a connection drops, so a lost database never
// crashes the process; callers map those rejections to 503 (see isUnavailable).
//
// The pool may sit behind a transaction-mode pooler (`pooled`, see pooling.ts).
// Then nothing may outlive a transaction: statements are not prepared, and what
// needs a session (the migration lock, LISTEN) goes to `directUrl` instead. Core
// code keeps to that in both modes: its advisory locks are `pg_advisory_xact_lock*`
// and its settings `set_config(…, true)`, which end with their transaction.
//
// The URL may list several hosts with `target_session_attrs=primary` (failover).
// postgres.js is patched (patches/postgres@3.4.9.patch) so that a connection
// attempt tries each host once and then fails its query: unpatched, it cycled
// through them with no delay and never failed while only a standby was up.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Database, Db } from "./database";
import { listenResiliently } from "./postgres-listen";
import { assertSchemaCurrent, migrateUnderLock } from "./postgres-migrate";
import { replaceablePool } from "./replaceable-pool";
import { retryingConflicts } from "./retry-conflicts";
import * as schema from "./schema";

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
  /** `url` goes through a transaction-mode pooler: no prepared statements, no session state. */
  pooled?: boolean;
  /** A direct (session) URL for the migration lock and LISTEN; required for them when pooled. */
  directUrl?: string;
}

export function openPostgres({
  url,
  poolSize = 10,
  pooled = false,
  directUrl,
}: PostgresOptions): Database {
  const pool = replaceablePool(() =>
    postgres(url, {
      max: poolSize,
      // A pooler runs each transaction on whichever server connection is free, where
      // a statement prepared on another does not exist ("prepared statement … does
      // not exist"). This also covers postgres.js's own tagged queries.
      prepare: !pooled,
      // While the database is down, queued queries wait for the pool's reconnect
      // attempts; postgres.js spaces those up to 20 s apart by default, which held
      // requests for many seconds. A short connect timeout and a backoff capped at
      // one second make them fail fast (503 at-capacity) and recover fast.
      connect_timeout: 2,
      backoff: (attempts: number) => Math.min(1, 0.05 * 2 ** attempts),
      idle_timeout: 60,
      onnotice: () => {},
      connection: { application_name: "notes" },
    }),
  );
  const client = pool.sql;
  const db = retryingConflicts(
    drizzle(pooled ? client : preparing(client), { schema }) as unknown as Db,
  );
  const sessionUrl = directUrl ?? (pooled ? undefined : url);
  return {
    kind: "postgres",
    db,
    canListen: sessionUrl !== undefined,
    async migrate(migrationsFolder) {
      if (sessionUrl) await migrateUnderLock(sessionUrl, migrationsFolder);
      else await assertSchemaCurrent(db, migrationsFolder);
    },
    async listen(channel, onPayload, onListening, onLost) {
      if (!sessionUrl)
        throw new Error("LISTEN needs a session: set DATABASE_DIRECT_URL beside a pooled URL");
      return listenResiliently(sessionUrl, channel, onPayload, onListening, onLost);
    },
    discardConnections: () => pool.replace(),
    async close() {
      await pool.end();
    },
  };
}
