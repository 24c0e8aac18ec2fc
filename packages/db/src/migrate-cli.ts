// `pnpm db:migrate`: brings the configured database's schema up to date and exits.
// The servers migrate at start too; this is for a deploy that migrates before it
// rolls out new instances. Postgres when DATABASE_URL is set, else the embedded
// data directory DATA_DIR (default .data, as `pnpm start`), which must not be open
// in a running server (its lock says so).
import path from "node:path";
import { DataDirLocked } from "./embedded";
import { openDatabase } from "./open";

const root = path.resolve(import.meta.dirname, "../../..");

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
  try {
    const database = await openDatabase({
      databaseUrl,
      dataDir,
      migrationsFolder: path.join(root, "drizzle"),
    });
    await database.close();
  } catch (error) {
    if (error instanceof DataDirLocked) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  console.log(`schema up to date (${databaseUrl ? "Postgres" : `embedded, ${dataDir}`})`);
}

await main();
