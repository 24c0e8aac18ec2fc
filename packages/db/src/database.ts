// The one database handle every layer receives. Two modes, one code path: embedded
// PGlite (single owning process) or Postgres through a bounded postgres.js pool.
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  readonly kind: "embedded" | "postgres";
  readonly db: Db;
  /**
   * Whether `listen` can hold a LISTEN: false for a pooled Postgres URL without a
   * direct one, where notifications would go to whichever client the pooler's
   * connection serves next (or nowhere).
   */
  readonly canListen: boolean;
  /**
   * Applies the committed migrations in `migrationsFolder`; with only a pooled URL,
   * checks instead that they were applied (SchemaBehind).
   */
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * LISTENs on `channel`. `onListening` runs each time the listener is (re)connected:
   * after the first time, notifications may have been missed while it was down.
   * Embedded: PGlite delivers the process's own NOTIFYs (at commit).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListening: () => void,
    /** The listener's connection dropped: notifications may be missed until onListening. */
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Postgres: replaces every pooled connection, after a query failed because the
   * database could not be reached: others may be dead without knowing it yet
   * (replaceable-pool.ts). Embedded: nothing to replace.
   */
  discardConnections(): void;
  /** Releases connections (Postgres) or flushes and closes the data directory (embedded). */
  close(): Promise<void>;
}

/** Runs raw SQL and returns its rows, hiding the drivers' different result shapes. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await q.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
