import type { Db } from "@notes/db";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Announcement } from "./announce";
import { Announcer } from "./announcer";

const dialect = new PgDialect();
const silent = { info() {}, warn() {}, error() {} };

/** Records each flush's payloads; a flush takes `ms` (a database round trip). */
function fakeDb(ms: number, fail = false) {
  const flushes: Announcement[][] = [];
  const db = {
    execute: async (query: SQL) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (fail) throw new Error("connection refused");
      const params = dialect.sqlToQuery(query).params;
      const batch = JSON.parse(String(params[1])) as string[];
      flushes.push(batch.map((payload) => JSON.parse(payload) as Announcement));
      return [];
    },
  } as unknown as Db;
  return { db, flushes };
}

const event = (seq: number): Announcement => ({
  e: "note",
  kind: "write",
  noteId: "0b7c4d2e-8f00-4a00-9000-000000000001",
  seq,
  ownerId: "0b7c4d2e-8f00-4a00-9000-000000000002",
});

describe("Announcer", () => {
  it("sends the first announcement at once and coalesces those made meanwhile", async () => {
    const { db, flushes } = fakeDb(5);
    const announcer = new Announcer(db, silent);
    for (let seq = 1; seq <= 100; seq++) announcer.announce(event(seq));
    await announcer.settled();
    expect(flushes.map((f) => f.length)).toEqual([1, 99]);
    expect(flushes.flat().map((e) => (e.e === "note" ? e.seq : 0))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it("splits a large backlog into statements of at most 500", async () => {
    const { db, flushes } = fakeDb(1);
    const announcer = new Announcer(db, silent);
    announcer.announce(event(0));
    for (let seq = 1; seq <= 1200; seq++) announcer.announce(event(seq));
    await announcer.settled();
    expect(flushes.map((f) => f.length)).toEqual([1, 500, 500, 200]);
  });

  it("drops a batch the database refused, logs it, and keeps announcing", async () => {
    const failing = fakeDb(1, true);
    const warnings: object[] = [];
    const announcer = new Announcer(failing.db, { ...silent, warn: (obj) => warnings.push(obj) });
    announcer.announce(event(1));
    await announcer.settled();
    expect(warnings).toEqual([expect.objectContaining({ dropped: 1 })]);
    announcer.announce(event(2));
    await announcer.settled();
    expect(warnings).toHaveLength(2);
  });
});
