// A freshly migrated database of one's own, for a test or a script that must not touch
// anyone else's: embedded PGlite in a temporary directory or, given a Postgres URL, a
// database created beside the one it names. close() drops all of it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./database";
import { openDatabase } from "./open";
import { openPostgres } from "./postgres";

/** The committed migrations (drizzle/ at the repository root). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../../drizzle");

export interface ScratchDatabase {
  database: Database;
  close(): Promise<void>;
}

/** `name`: a lower-case identifier; `adminUrl`: a Postgres URL, else embedded. */
export async function openScratchDatabase(
  name: string,
  adminUrl?: string,
): Promise<ScratchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const scratch = `${name}_${process.pid}`;
  const url = adminUrl?.replace(/\/[^/?]*(\?.*)?$/, `/${scratch}$1`);
  const admin = async (statement: string) => {
    const held = openPostgres({ url: adminUrl ?? "", poolSize: 1 });
    try {
      await held.db.execute(sql.raw(statement));
    } finally {
      await held.close();
    }
  };
  if (url) {
    await admin(`drop database if exists ${scratch}`);
    await admin(`create database ${scratch}`);
  }
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: dir,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  return {
    database,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      if (url) await admin(`drop database if exists ${scratch}`);
    },
  };
}
