// The bridge (interface.md §2.7, contract.md §3, §9): one shared, ordered log of
// sealed transmissions for every account with bridge access, and the wraps of the
// bridge key each member holds, one per epoch. The server stores ciphertext and
// fingerprints only. A deleted author's transmissions stay, unattributed.
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { bytea } from "./types";

export const bridgeMessages = pgTable(
  "bridge_messages",
  {
    /** The bridge's total order; drawn under a lock, so it is also commit order. */
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid("author_id").references(() => accounts.id, { onDelete: "set null" }),
    epochId: text("epoch_id").notNull(),
    body: bytea("body").notNull(),
    /** The transmission's signature block (issue 21, signed content); null when unsigned. */
    signature: bytea("signature"),
    requestId: uuid("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bridge_messages_request_idx")
      .on(t.authorId, t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);

export const bridgeKeys = pgTable(
  "bridge_keys",
  {
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    epochId: text("epoch_id").notNull(),
    /** crypto_box_seal of the 32-byte bridge key to the recipient's public key. */
    wrappedKey: bytea("wrapped_key").notNull(),
    senderId: uuid("sender_id").references(() => accounts.id, { onDelete: "set null" }),
    /**
     * The signed handout (issue 33): the sender's signature block over this wrap, its
     * recipient and `epochNumber`, the bridge epoch counter. Null for unsigned wraps.
     */
    signature: bytea("signature"),
    epochNumber: bigint("epoch_number", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.epochId] }),
    index("bridge_keys_epoch_idx").on(t.epochId),
  ],
);
