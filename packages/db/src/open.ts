import type { Database } from "./database";
import { openEmbedded } from "./embedded";
import { openPostgres } from "./postgres";

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** `databaseUrl` goes through a transaction-mode pooler (postgres.ts). */
  pooled?: boolean;
  /** The direct URL beside a pooled one: migrations and LISTEN. */
  directUrl?: string | undefined;
  dataDir: string;
  migrationsFolder: string;
  poolSize?: number;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres({
        url: options.databaseUrl,
        poolSize: options.poolSize,
        pooled: options.pooled,
        directUrl: options.directUrl,
      })
    : await openEmbedded(options.dataDir);
  try {
    await database.migrate(options.migrationsFolder);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
