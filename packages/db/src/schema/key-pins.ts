// Each account's pinned sharing keys, sealed under its master key by its own devices
// (docs/client-crypto.md, "Pinned keys"): the server keeps the latest sealed copy so
// the account's devices share what they pinned and verified, and can read none of it.
// `version` grows by one with every replacement (the ETag a writer must match).
import { integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const accountKeyPins = pgTable("account_key_pins", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  version: integer("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The same sealed pins split in shards (issue 33: pins must scale to 100,000 contacts,
 * past what one sealed copy may hold): each shard holds the pins of the accounts whose
 * id falls in it, sealed on its own, with its own version (the ETag of its writes).
 */
export const accountKeyPinShards = pgTable(
  "account_key_pin_shards",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    sealed: text("sealed").notNull(),
    version: integer("version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.shard] })],
);
