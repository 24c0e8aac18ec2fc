// The tier's storage ceiling is decided by the SQL helper account_ceiling
// (packages/db/sql/functions/account_ceiling.sql) for every write, and by tierOf here
// for the account's view (maxAccountBytes). This holds the two to the same answer for
// every subscription status, and storage_refusal to the tier's refusal.

import { type Database, rows } from "@notes/db";
import { openScratchDatabase, type ScratchDatabase } from "@notes/db/scratch";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CEILINGS, isPremium, LIVE_STATUSES, tierOf } from "./tier";

let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await openScratchDatabase("notes_tier", process.env.DATABASE_URL || undefined);
  database = scratch.database;
}, 120_000);

afterAll(async () => {
  await scratch?.close();
});

const STATUSES = [...LIVE_STATUSES, "none", "canceled", "incomplete", "unpaid", "paused"];
const accounts = [false, true].flatMap((complimentary) =>
  STATUSES.map((subscriptionStatus) => ({ complimentary, subscriptionStatus })),
);

describe("the tier's ceiling", () => {
  it.each(accounts)(
    "is the same in SQL and TypeScript (complimentary: $complimentary, $subscriptionStatus)",
    async (account) => {
      const tier = tierOf(account);
      const [row] = await rows<{ ceiling: string | number; refusal: string | null }>(
        database.db,
        sql`select ceiling, storage_refusal(ceiling, 1, ceiling, ${CEILINGS.free}::bigint) as refusal
              from (select account_ceiling(${account.complimentary}::boolean,
                      ${account.subscriptionStatus}::text,
                      ${CEILINGS.free}::bigint, ${CEILINGS.subscribed}::bigint) as ceiling) c`,
      );
      expect(Number(row?.ceiling)).toBe(CEILINGS[tier]);
      // One byte past the ceiling: the free tier's own refusal, else storage-full.
      expect(row?.refusal).toBe(isPremium(tier) ? "storage-full" : "free-storage-full");
    },
  );
});
