import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database";
import { openScratchDatabase, type ScratchDatabase } from "./scratch-database";
import {
  callees,
  compareWithDatabase,
  differs,
  type FunctionFile,
  functionsWithoutFile,
  inCreationOrder,
  readFunctionFiles,
} from "./sql-functions";

const files = readFunctionFiles();
let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await openScratchDatabase("notes_sql_functions", process.env.DATABASE_URL || undefined);
  database = scratch.database;
}, 120_000);

afterAll(async () => {
  await scratch?.close();
});

function fileNamed(name: string): FunctionFile {
  const file = files.find((f) => f.name === name);
  if (!file) throw new Error(`${name}.sql is missing`);
  return file;
}

/** The file with a line added to its body, as someone would edit it. */
function edited(file: FunctionFile): FunctionFile {
  if (!file.text.includes("AS $$\n")) throw new Error(`${file.name}.sql has no AS $$ body`);
  return { ...file, text: file.text.replace("AS $$\n", () => "AS $$\n-- edited\n") };
}

describe("the function files", () => {
  it.each(files.map((file) => [file.name, file] as const))(
    "%s.sql defines the function as the migrations do",
    async (name, file) => {
      const comparison = await compareWithDatabase(database.db, file);
      expect(
        comparison.fromFile,
        `${name}.sql and the migrations disagree: after editing the file, run pnpm db:functions`,
      ).toEqual(comparison.migrated);
    },
  );

  it("come each after the helpers it calls", () => {
    const names = files.map((file) => file.name);
    const append = fileNamed("notes_append");
    expect(callees(append, files)).toEqual(
      expect.arrayContaining(["account_ceiling", "notes_refusal", "storage_refusal"]),
    );
    for (const [i, file] of files.entries()) {
      for (const callee of callees(file, files)) {
        expect(names.indexOf(callee), `${file.name} calls ${callee}`).toBeLessThan(i);
      }
    }
  });

  it("refuse a cycle of calls", () => {
    const a = { name: "a", text: "CREATE FUNCTION a() AS $$ SELECT b() $$;" };
    const b = { name: "b", text: "CREATE FUNCTION b() AS $$ SELECT a() -- c()\n $$;" };
    const c = { name: "c", text: "CREATE FUNCTION c() AS $$ SELECT 1 $$;" };
    expect(callees(b, [a, b, c])).toEqual(["a"]);
    expect(() => inCreationOrder([a, b, c])).toThrow(/cycle: a → b → a/);
  });

  it("cover every function the migrations define", async () => {
    expect(await functionsWithoutFile(database.db, files)).toEqual([]);
  });
});

describe("the drift check", () => {
  it("sees a file edited without its migration", async () => {
    for (const file of files) {
      expect(differs(await compareWithDatabase(database.db, edited(file))), file.name).toBe(true);
    }
  });

  it("sees a setting dropped from a file", async () => {
    const setting = /\nSET [^\n]+\n/;
    const file = files.find((f) => setting.test(f.text));
    if (!file) throw new Error("no function file has a SET clause to drop");
    const unset = { ...file, text: file.text.replace(setting, "\n") };
    expect(differs(await compareWithDatabase(database.db, unset))).toBe(true);
  });

  it("sees a changed argument list, and names the overload left behind", async () => {
    const file = fileNamed("notes_append");
    if (!file.text.includes("\n) RETURNS")) throw new Error("notes_append.sql: no `) RETURNS`");
    const widened = {
      ...file,
      text: file.text.replace("\n) RETURNS", ",\n  p_drift_check int DEFAULT NULL\n) RETURNS"),
    };
    const comparison = await compareWithDatabase(database.db, widened);
    expect(differs(comparison)).toBe(true);
    expect(comparison.stale).toHaveLength(1);
    expect(comparison.stale[0]).toMatch(/^notes_append\(uuid,.*\)$/);
  });

  it("sees a function a migration changed without its file", async () => {
    for (const file of files) {
      await database.db.execute(sql.raw(edited(file).text));
      try {
        expect(differs(await compareWithDatabase(database.db, file)), file.name).toBe(true);
      } finally {
        await database.db.execute(sql.raw(file.text));
      }
    }
  });
});
