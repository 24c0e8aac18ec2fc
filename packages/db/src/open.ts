import { autovacuumWarning } from "./autovacuum";
import type { Database } from "./database";
import { probePostgres, UNFLAGGED_POOLER_MESSAGE } from "./detect-pooler";
import { openEmbedded } from "./embedded";
import { openPostgres, STARTUP_LIMITS } from "./postgres";

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** `databaseUrl` goes through a transaction-mode pooler (postgres.ts). */
  pooled?: boolean;
  /** The direct URL beside a pooled one: migrations and LISTEN. */
  directUrl?: string | undefined;
  dataDir: string;
  migrationsFolder: string;
  poolSize?: number;
  /**
   * Told when the URL turned out to be a transaction pooler's though it did not say so,
   * and when Postgres runs without autovacuum (autovacuum.ts).
   */
  warn?: (message: string) => void;
}

/**
 * Opens the configured database and brings its schema up to date. A Postgres URL
 * not said to be pooled is probed first (detect-pooler.ts): behind a transaction
 * pooler, prepared statements and session state would break requests and could
 * leave transactions open holding locks, so the instance runs in pooled mode
 * instead, and says so.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let pooled = options.pooled ?? false;
  let limitsAtStartup = !pooled;
  if (options.databaseUrl && !pooled) {
    const probe = await probePostgres(options.databaseUrl, STARTUP_LIMITS);
    limitsAtStartup = probe.takesStartupLimits && !probe.transactionPooler;
    if (probe.transactionPooler) {
      pooled = true;
      options.warn?.(UNFLAGGED_POOLER_MESSAGE);
    }
  }
  const database = options.databaseUrl
    ? openPostgres({
        url: options.databaseUrl,
        poolSize: options.poolSize,
        pooled,
        directUrl: options.directUrl,
        limitsAtStartup,
      })
    : await openEmbedded(options.dataDir);
  try {
    await database.migrate(options.migrationsFolder);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (options.databaseUrl && options.warn) {
    // A setting to report, never a reason not to start.
    const warning = await autovacuumWarning(database.db).catch(() => undefined);
    if (warning) options.warn(warning);
  }
  return database;
}
