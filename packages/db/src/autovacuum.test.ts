// The start-up warning about autovacuum: worded for the operator when it is off,
// silent when it runs, and read from the database the server opened.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTOVACUUM_OFF_MESSAGE, autovacuumWarning } from "./autovacuum";
import { type Queryable, rows } from "./database";
import { openScratchDatabase } from "./scratch-database";

/** A database whose only answer is this autovacuum setting. */
const answering = (autovacuum: string) =>
  ({ execute: async () => [{ autovacuum }] }) as unknown as Queryable;

describe("autovacuumWarning", () => {
  it("warns when autovacuum is off, naming the table and what to do", async () => {
    expect(await autovacuumWarning(answering("off"))).toBe(AUTOVACUUM_OFF_MESSAGE);
    expect(AUTOVACUUM_OFF_MESSAGE).toContain("note_members");
    expect(AUTOVACUUM_OFF_MESSAGE).toMatch(/Turn autovacuum on/);
  });

  it("says nothing when autovacuum runs", async () => {
    expect(await autovacuumWarning(answering("on"))).toBeUndefined();
  });

  it("reads the setting of the database it is given", async () => {
    const scratch = await openScratchDatabase(
      "notes_autovacuum",
      process.env.DATABASE_URL || undefined,
    );
    try {
      const [row] = await rows<{ autovacuum: string }>(scratch.database.db, sql`show autovacuum`);
      const expected = row?.autovacuum === "off" ? AUTOVACUUM_OFF_MESSAGE : undefined;
      expect(await autovacuumWarning(scratch.database.db)).toBe(expected);
    } finally {
      await scratch.close();
    }
  }, 60_000);
});
