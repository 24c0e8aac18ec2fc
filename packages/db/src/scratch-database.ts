// A freshly migrated database of one's own, for a test or a script that must not touch
// anyone else's: embedded PGlite in a temporary directory (a copy of the migrated
// template, embedded-template.ts) or, given a Postgres URL, a database created beside
// the one it names. close() drops all of it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./database";
import { MIGRATIONS_FOLDER, migratedTemplate, seedFromTemplate } from "./embedded-template";
import { openDatabase } from "./open";
import { openPostgres } from "./postgres";

export { MIGRATIONS_FOLDER };

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
  } else {
    // A copy of the migrated template instead of initdb and every migration again.
    await migratedTemplate();
    seedFromTemplate(dir);
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
