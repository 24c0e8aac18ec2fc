import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeMigration } from "./write-migration";

const drizzleFolder = path.resolve(import.meta.dirname, "../../../drizzle");
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "notes-write-migration-"));
  cpSync(drizzleFolder, folder, { recursive: true });
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

const json = (file: string) => JSON.parse(readFileSync(path.join(folder, file), "utf8"));

describe("writeMigration", () => {
  it("adds the next migration, its snapshot and a journal entry drizzle applies last", () => {
    const before = readMigrationFiles({ migrationsFolder: folder });
    const lastIdx = json("meta/_journal.json").entries.at(-1).idx as number;
    const next = String(lastIdx + 1).padStart(4, "0");
    const previous = json(`meta/${String(lastIdx).padStart(4, "0")}_snapshot.json`);

    const tag = writeMigration(folder, "some_change", "SELECT 1;\n");

    expect(tag).toBe(`${next}_some_change`);
    expect(readFileSync(path.join(folder, `${tag}.sql`), "utf8")).toBe("SELECT 1;\n");
    const snapshot = json(`meta/${next}_snapshot.json`);
    expect(snapshot.prevId).toBe(previous.id);
    expect(snapshot.id).not.toBe(previous.id);
    expect({ ...snapshot, id: previous.id, prevId: previous.prevId }).toEqual(previous);
    const after = readMigrationFiles({ migrationsFolder: folder });
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.sql).toEqual(["SELECT 1;\n"]);
    expect(after.at(-1)?.folderMillis).toBe((before.at(-1)?.folderMillis ?? 0) + 1);
  });

  it("refuses a name drizzle-kit would not write", () => {
    expect(() => writeMigration(folder, "Some Change", "SELECT 1;")).toThrow(/lower-case/);
  });
});
