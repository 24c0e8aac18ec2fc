// Single-use WebSocket tickets (contract.md §6, §7): only a SHA-256 of the ticket
// is stored; a ticket dies with its session (cascade) and after 60 seconds.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions } from "./accounts";
import { notes } from "./notes";
import { bytea } from "./types";

export const realtimeTickets = pgTable(
  "realtime_tickets",
  {
    hash: bytea("hash").primaryKey(),
    /** `feed` or `room`. */
    kind: text("kind").notNull(),
    accountId: uuid("account_id").notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    noteId: uuid("note_id").references(() => notes.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("realtime_tickets_expiry_idx").on(t.expiresAt)],
);
