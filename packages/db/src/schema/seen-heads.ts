// Each account's seen heads as its devices share them (issue 33, item 12; docs/
// client-crypto.md, "The account's seen heads"): the newest sealed copy only, opaque to
// the server. `counter` grows by one per upload and is inside the seal's associated data,
// so the server can store what it is given and nothing else; the key-transparency log
// (kt_seen_leaves) holds which counter and digest are the newest, so it cannot serve an
// older copy to a fresh device unnoticed.
import { bigint, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { bytea } from "./types";

export const accountSeenHeads = pgTable("account_seen_heads", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  counter: bigint("counter", { mode: "number" }).notNull(),
  sealed: bytea("sealed").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
