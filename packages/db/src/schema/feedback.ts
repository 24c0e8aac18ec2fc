// Feedback to the operator (interface.md §4.3, contract.md §3, §6): kept as a
// durable outbox, relayed to FEEDBACK_WEBHOOK_URL with retries. The author is
// kept for the yearly allowance; a deleted account's feedback stays, unattributed.
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
  },
  (t) => [
    index("feedback_account_idx").on(t.accountId, t.createdAt),
    index("feedback_pending_idx").on(t.nextAttemptAt),
  ],
);
