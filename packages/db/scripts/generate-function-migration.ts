import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, openScratchDatabase } from "../src/scratch-database";
import {
  type Comparison,
  compareWithDatabase,
  differs,
  type FunctionFile,
  functionsWithoutFile,
  readFunctionFiles,
} from "../src/sql-functions";
import { isMigrationName, writeMigration } from "../src/write-migration";

const migrationsFolder = MIGRATIONS_FOLDER;
const BREAKPOINT = "--> statement-breakpoint";

class Refused extends Error {}

async function compareAll(files: FunctionFile[]) {
  const { database, close } = await openScratchDatabase("notes_db_functions");
  try {
    const changed: Comparison[] = [];
    for (const file of files) {
      const comparison = await compareWithDatabase(database.db, file).catch((error: unknown) => {
        const reason = (error as { cause?: Error }).cause?.message ?? String(error);
        throw new Refused(
          `${file.name}.sql does not apply over the migrations: ${reason}\n` +
            "A changed result type or parameter name needs DROP FUNCTION before CREATE, " +
            "which this script does not write: write that migration with " +
            "`pnpm db:generate --custom --name=<name>` (the DROP, then the file's content).",
        );
      });
      if (differs(comparison)) changed.push(comparison);
      // The files come helpers first (readFunctionFiles): applied here, a helper is
      // there for the files after it that call it, as it will be in the migration.
      await database.db.execute(sql.raw(file.text));
    }
    return { changed, withoutFile: await functionsWithoutFile(database.db, files) };
  } finally {
    await close();
  }
}

function migrationSql(changed: Comparison[], files: FunctionFile[]): string {
  const text = new Map(files.map((file) => [file.name, file.text]));
  const statements = changed.flatMap((c) => [
    ...c.stale.map((signature) => `DROP FUNCTION ${signature};\n`),
    text.get(c.name) ?? "",
  ]);
  const names = changed.map((c) => `${c.name}.sql`).join(", ");
  return (
    `-- Written by \`pnpm db:functions\`: a copy of packages/db/sql/functions/ (${names})\n` +
    "-- as it stood then. The files, not this copy, are the current definitions.\n" +
    statements.join(`${BREAKPOINT}\n`)
  );
}

async function main() {
  const { values } = parseArgs({ options: { name: { type: "string" } } });
  if (values.name !== undefined && !isMigrationName(values.name)) {
    throw new Refused(`--name takes lower-case letters, digits and _ only: ${values.name}`);
  }
  const files = readFunctionFiles();
  const split = files.find((file) => file.text.includes(BREAKPOINT));
  if (split) throw new Refused(`${split.name}.sql must hold one statement, without ${BREAKPOINT}`);

  const { changed, withoutFile } = await compareAll(files);
  for (const name of withoutFile) {
    console.warn(`The migrations define ${name}, which has no file in packages/db/sql/functions.`);
  }
  if (changed.length === 0) {
    console.log("The function files match what the migrations define: no migration written.");
    return;
  }
  const name = values.name ?? (changed.length === 1 ? changed[0]?.name : "functions") ?? "";
  const tag = writeMigration(migrationsFolder, name, migrationSql(changed, files));
  console.log(
    `Wrote drizzle/${tag}.sql for ${changed.map((c) => c.name).join(", ")}. ` +
      "Say at its top why, as the other migrations do, and commit it with the files.",
  );
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(error.message);
  process.exit(1);
}
