// `pnpm db:migrate`: brings the configured database's schema up to date and exits.
// The servers migrate at start too; this is for a deploy that migrates before it
// rolls out new instances (the step a serverless deployment with only a pooled
// URL needs). Postgres when DATABASE_URL is set (the migration itself goes over
// DATABASE_DIRECT_URL when that is set), else the embedded data directory DATA_DIR
// (default .data, as `pnpm start`), which must not be open in a running server
// (its lock says so).
import path from "node:path";
import { DataDirLocked } from "./embedded";
import { openDatabase } from "./open";
import { postgresTarget } from "./pooling";
import { SchemaBehind } from "./postgres-migrate";

const root = path.resolve(import.meta.dirname, "../../..");

async function main() {
  const rawUrl = process.env.DATABASE_URL || undefined;
  const pooledFlag = process.env.DATABASE_POOLED;
  const target = rawUrl
    ? postgresTarget(rawUrl, pooledFlag ? ["true", "1"].includes(pooledFlag) : undefined)
    : undefined;
  const databaseUrl = target?.url;
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
  try {
    const database = await openDatabase({
      databaseUrl,
      pooled: target?.pooled,
      directUrl: process.env.DATABASE_DIRECT_URL || undefined,
      dataDir,
      migrationsFolder: path.join(root, "drizzle"),
    });
    await database.close();
  } catch (error) {
    if (error instanceof DataDirLocked || error instanceof SchemaBehind) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  console.log(`schema up to date (${databaseUrl ? "Postgres" : `embedded, ${dataDir}`})`);
}

await main();
