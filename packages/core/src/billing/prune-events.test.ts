import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { billingEvents, type Database, openDatabase } from "@notes/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneBillingEvents, RETENTION_DAYS } from "./prune-events";

const day = 86_400_000;
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "notes-prune-"));
  database = await openDatabase({
    dataDir: dir,
    migrationsFolder: path.resolve(__dirname, "../../../../drizzle"),
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("pruneBillingEvents", () => {
  it("forgets event ids past the retention, keeps recent ones, and runs at most hourly", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    await database.db.insert(billingEvents).values([
      { id: "evt_old", type: "invoice.paid", receivedAt: at(RETENTION_DAYS + 1) },
      { id: "evt_edge", type: "invoice.paid", receivedAt: at(RETENTION_DAYS - 1) },
      { id: "evt_new", type: "invoice.paid", receivedAt: at(0) },
    ]);
    const core = { db: database.db, log: { info() {}, warn() {}, error() {} } };
    expect(await pruneBillingEvents(core, now)).toBe(1);
    const left = await database.db.select({ id: billingEvents.id }).from(billingEvents);
    expect(left.map((r) => r.id).sort()).toEqual(["evt_edge", "evt_new"]);

    await database.db
      .insert(billingEvents)
      .values({ id: "evt_older", type: "invoice.paid", receivedAt: at(90) });
    // Within the hour nothing runs; forced or an hour later it does.
    expect(await pruneBillingEvents(core, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await pruneBillingEvents(core, new Date(now.getTime() + 3_600_001))).toBe(1);
  });
});
