// Postgres migrations. Several instances may start at once, so they take turns
// under an advisory lock; the lock is a session's, held across drizzle's own
// transactions, so it needs a connection that is really one session: a direct
// URL, never a transaction pooler (which would hand the lock's connection to
// other clients and leave it locked). An instance that has only a pooled URL does
// not migrate: it checks that the schema is current and refuses to start if not.

import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Db, rows } from "./database";

const MIGRATION_LOCK = 7_340_219;

export class SchemaBehind extends Error {
  constructor(applied: number, expected: number) {
    super(
      "The database schema is behind this version's migrations " +
        `(last applied ${applied ? new Date(applied).toISOString() : "none"}, ` +
        `expected ${new Date(expected).toISOString()}). DATABASE_URL is a pooled ` +
        "(transaction-mode) URL, and migrations need a session: set DATABASE_DIRECT_URL " +
        "to the direct Postgres URL, or run `pnpm db:migrate` against it before deploying.",
    );
    this.name = "SchemaBehind";
  }
}

/** Applies the migrations over a connection of its own to `sessionUrl`, under the lock. */
export async function migrateUnderLock(sessionUrl: string, migrationsFolder: string) {
  const session = postgres(sessionUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "notes-migrate" },
  });
  try {
    await session`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(session), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also after a failed migration.
    await session.end({ timeout: 5 });
  }
}

/** Throws SchemaBehind unless the last of `migrationsFolder`'s migrations is applied. */
export async function assertSchemaCurrent(db: Db, migrationsFolder: string) {
  const expected = readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  let applied = 0;
  try {
    const [row] = await rows<{ last: string | null }>(
      db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.last ?? 0);
  } catch (error) {
    // undefined_table / invalid_schema_name: nothing was ever migrated here.
    // (drizzle wraps the driver's error as its cause.)
    const failure = error as { code?: unknown; cause?: { code?: unknown } };
    const code = failure.cause?.code ?? failure.code;
    if (code !== "42P01" && code !== "3F000") throw error;
  }
  if (applied < expected) throw new SchemaBehind(applied, expected);
}
