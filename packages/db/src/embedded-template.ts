// A migrated embedded database to copy, for tests and benches that start many fresh
// ones. Each fresh PGlite directory otherwise runs initdb and every migration in
// WebAssembly: 3–5 s a time on two loaded cores, and a test run starts about thirty
// (its servers and scratch databases). Copying a migrated directory takes a quarter
// of a second, and the server's own migrate() then finds nothing to do.
//
// The template lives in the system's temporary directory under a name derived from the
// migrations and PGlite's version, so a change to either makes a new one, and two
// processes that make it at once each build their own and keep whichever lands first.
// Nothing in the server uses this: a deployment migrates its own directory as before.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEmbedded } from "./embedded";

/** The committed migrations (drizzle/ at the repository root). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../../drizzle");

function pgliteVersion(): string {
  // The package exports no package.json: walk up from its entry to its manifest.
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
        name?: string;
        version?: string;
      };
      if (name === "@electric-sql/pglite" && version) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite: no package.json found");
    dir = parent;
  }
}

/** Where the template for these migrations and this PGlite is (it may not exist yet). */
export function templatePath(migrationsFolder = MIGRATIONS_FOLDER): string {
  const hash = createHash("sha256").update(`pglite ${pgliteVersion()}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\n`).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return path.join(tmpdir(), `notes-pglite-template-${hash.digest("hex").slice(0, 16)}`);
}

/** Makes the template if it does not exist yet; answers its path. */
export async function migratedTemplate(migrationsFolder = MIGRATIONS_FOLDER): Promise<string> {
  const target = templatePath(migrationsFolder);
  if (existsSync(target)) return target;
  const building = mkdtempSync(`${target}.building-`);
  try {
    const database = await openEmbedded(building);
    try {
      await database.migrate(migrationsFolder);
    } finally {
      await database.close();
    }
    try {
      renameSync(path.join(building, "pg"), target);
    } catch (error) {
      // Another process's template landed first: it is the same database.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * Gives `dataDir` a copy of the template as its embedded database, when the template
 * exists and the directory has no database yet; answers whether it did.
 */
export function seedFromTemplate(dataDir: string, migrationsFolder = MIGRATIONS_FOLDER): boolean {
  const template = templatePath(migrationsFolder);
  const pg = path.join(dataDir, "pg");
  if (!existsSync(template) || existsSync(pg)) return false;
  cpSync(template, pg, { recursive: true });
  return true;
}
