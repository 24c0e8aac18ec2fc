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

/**
 * The limits on every session of the app's pool, so that no fault (a client that
 * stops halfway through a transaction, a statement stuck behind a lock) can hold
 * row locks for minutes: a transaction left idle is ended by Postgres after
 * IDLE_IN_TRANSACTION_MS, and a statement that runs (or waits) longer than
 * STATEMENT_MS is cancelled. (Migrations and the LISTEN have sessions of their own.)
 */
export const SESSION_LIMITS = { STATEMENT_MS: 30_000, IDLE_IN_TRANSACTION_MS: 10_000 } as const;

/** The limits as startup parameters (a direct connection, or a pooler that passes them on). */
export const STARTUP_LIMITS = {
  statement_timeout: SESSION_LIMITS.STATEMENT_MS,
  idle_in_transaction_session_timeout: SESSION_LIMITS.IDLE_IN_TRANSACTION_MS,
};

const LIMITS_SQL = `select set_config('statement_timeout', '${SESSION_LIMITS.STATEMENT_MS}', true),
  set_config('idle_in_transaction_session_timeout', '${SESSION_LIMITS.IDLE_IN_TRANSACTION_MS}', true)`;

/**
 * Through a transaction pooler the limits cannot be startup parameters (PgBouncer
 * refuses a connection that sends one it does not track: "unsupported startup
 * parameter"; told to ignore it, it drops it), and a session-level SET would stick
 * to whichever server connection ran it. So each transaction sets them for itself
 * (`set_config(…, true)`, local to it), sent ahead of its first statement without
 * waiting for the answer: no extra round trip. A single statement outside a
 * transaction holds its locks only while it runs.
 */
function limitingTransactions(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property !== "begin") return Reflect.get(target, property, receiver);
      return (...args: unknown[]) => {
        const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
        return (target.begin as (...a: unknown[]) => unknown)(
          ...args,
          (tx: postgres.TransactionSql) => callback(limitedFirst(tx)),
        );
      };
    },
  });
}

/**
 * `tx`, sending the limits ahead of its first statement, or right after it when that is
 * `SET TRANSACTION` (drizzle's isolation level and access mode), which must come first.
 * Its failure aborts the transaction, so the statement after it fails too.
 */
function limitedFirst(tx: postgres.TransactionSql): postgres.TransactionSql {
  let limited = false;
  const limit = () => {
    limited = true;
    tx.unsafe(LIMITS_SQL)
      .execute()
      .catch(() => {});
  };
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property !== "unsafe" || limited) return Reflect.get(target, property, receiver);
      return (query: string, ...rest: unknown[]) => {
        const unsafe = target.unsafe as (
          query: string,
          ...rest: unknown[]
        ) => postgres.PendingQuery<postgres.Row[]>;
        if (limited) return unsafe.call(target, query, ...rest);
        if (/^\s*set\s+transaction\b/i.test(query)) {
          // Queued now, so it goes ahead of the limits (postgres.js sends in queue order).
          const first = unsafe.call(target, query, ...rest).execute();
          limit();
          return first;
        }
        limit();
        return unsafe.call(target, query, ...rest);
      };
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
  /**
   * The session limits go as startup parameters (default: when not pooled); else
   * each transaction sets them. False for a URL whose pooler refuses them
   * (detect-pooler.ts finds out).
   */
  limitsAtStartup?: boolean;
}

export function openPostgres({
  url,
  poolSize = 10,
  pooled = false,
  directUrl,
  limitsAtStartup = !pooled,
}: PostgresOptions): Database {
  const pool = replaceablePool(() =>
    postgres(url, {
      max: poolSize,
      // A pooler runs each transaction on whichever server connection is free, where
      // a statement prepared on another does not exist ("prepared statement … does
      // not exist"). This also covers postgres.js's own tagged queries.
      prepare: !pooled,
      // Nor may a query be sent before the one ahead of it on the connection was
      // answered: PgBouncer (1.18 here) hands the server connection back at the
      // first ReadyForQuery, the answers to queries pipelined behind it arrive "when
      // not linked" and are dropped, and those queries never get an answer (found by
      // `pnpm bench:hot-key`: the load hung for good; issue 39's waits over 20 s).
      ...(pooled && { max_pipeline: 0 }),
      // While the database is down, queued queries wait for the pool's reconnect
      // attempts; postgres.js spaces those up to 20 s apart by default, which held
      // requests for many seconds. A short connect timeout and a backoff capped at
      // one second make them fail fast (503 at-capacity) and recover fast.
      connect_timeout: 2,
      backoff: (attempts: number) => Math.min(1, 0.05 * 2 ** attempts),
      idle_timeout: 60,
      onnotice: () => {},
      connection: limitsAtStartup
        ? { application_name: "notes", ...STARTUP_LIMITS }
        : { application_name: "notes" },
    }),
  );
  const client = limitsAtStartup ? pool.sql : limitingTransactions(pool.sql);
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
