// The SQL functions' current definitions, one file each in packages/db/sql/functions,
// and whether a migrated database defines them as those files do. The drift test
// asks it of a freshly migrated database; `pnpm db:functions` asks it before writing
// the migration that brings the migrations level with the files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { type Db, type Queryable, rows } from "./database";

export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, "../sql/functions");

export interface FunctionFile {
  /** The function's name: the file's, without `.sql`. */
  name: string;
  /** One statement: `CREATE OR REPLACE FUNCTION name(…) … AS $$ … $$;`. */
  text: string;
}

/**
 * The files in the order they must be created: a helper (notes_refusal) before the
 * functions that call it (notes_append), otherwise by name. A migration written by
 * `pnpm db:functions` keeps this order, so it applies on a database without the helper.
 */
export function readFunctionFiles(dir = FUNCTIONS_DIR): FunctionFile[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({
      name: file.slice(0, -".sql".length),
      text: readFileSync(path.join(dir, file), "utf8"),
    }));
  return inCreationOrder(files);
}

/** The other files' functions that `file` calls: `name(` in its text, comments left out. */
export function callees(file: FunctionFile, files: FunctionFile[]): string[] {
  const code = file.text.replace(/--[^\n]*/g, "");
  return files
    .map((other) => other.name)
    .filter((name) => name !== file.name && new RegExp(`\\b${name}\\s*\\(`).test(code));
}

/** `files` with each after the functions it calls (a depth-first topological sort). */
export function inCreationOrder(files: FunctionFile[]): FunctionFile[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ordered: FunctionFile[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (file: FunctionFile, path: string[]) => {
    if (state.get(file.name) === "done") return;
    if (state.get(file.name) === "visiting") {
      throw new Error(
        `The function files call each other in a cycle: ${[...path, file.name].join(" → ")}`,
      );
    }
    state.set(file.name, "visiting");
    for (const name of callees(file, files)) {
      const callee = byName.get(name);
      if (callee) visit(callee, [...path, file.name]);
    }
    state.set(file.name, "done");
    ordered.push(file);
  };
  for (const file of files) visit(file, []);
  return ordered;
}

interface Overload {
  /** `name(argument types)`, as DROP FUNCTION takes it. */
  signature: string;
  definition: string;
  /** The catalog row's xmin: a CREATE OR REPLACE writes a new one, even unchanged. */
  writtenBy: string;
}

/** Every overload of `name` in the public schema, with Postgres's rendering of it. */
function overloads(q: Queryable, name: string): Promise<Overload[]> {
  return rows<Overload>(
    q,
    sql`select p.oid::regprocedure::text as signature,
               pg_get_functiondef(p.oid) as definition,
               p.xmin::text as "writtenBy"
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.proname = ${name}
         order by 1`,
  );
}

export interface Comparison {
  name: string;
  /** What the database defines now, every overload. */
  migrated: string[];
  /** What the file defines. */
  fromFile: string[];
  /** Overloads the file leaves alone (it changed their arguments): a migration drops them. */
  stale: string[];
}

export const differs = (c: Comparison) => c.migrated.join("\n") !== c.fromFile.join("\n");

/**
 * Runs `file` in a transaction that is rolled back, and reads the function's
 * definition before and after. Both sides are Postgres's rendering of its own
 * catalog (body byte for byte, settings, volatility, arguments), so nothing needs
 * normalizing; an overload the file did not write counts as not the file's.
 */
export async function compareWithDatabase(db: Db, file: FunctionFile): Promise<Comparison> {
  let comparison: Comparison | undefined;
  try {
    await db.transaction(async (tx) => {
      const before = await overloads(tx, file.name);
      await tx.execute(sql.raw(file.text));
      const after = await overloads(tx, file.name);
      const untouched = new Set(before.map((o) => `${o.signature} ${o.writtenBy}`));
      const isStale = (o: Overload) => untouched.has(`${o.signature} ${o.writtenBy}`);
      comparison = {
        name: file.name,
        migrated: before.map((o) => o.definition),
        fromFile: after.filter((o) => !isStale(o)).map((o) => o.definition),
        stale: after.filter(isStale).map((o) => o.signature),
      };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (!comparison) throw new Error(`${file.name}: the comparison did not run`);
  // A file named after no function it defines would otherwise compare nothing with nothing.
  if (comparison.fromFile.length === 0) {
    throw new Error(`${file.name}.sql defines no function named ${file.name}`);
  }
  return comparison;
}

/** Functions of the public schema that no file defines (extensions' own aside). */
export async function functionsWithoutFile(db: Db, files: FunctionFile[]): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select distinct p.proname as name
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'
           and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                              and d.deptype = 'e')
         order by 1`,
  );
  const named = new Set(files.map((file) => file.name));
  return found.map((row) => row.name).filter((name) => !named.has(name));
}
