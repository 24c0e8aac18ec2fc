// Operational tables: shared rate-limit windows, anonymous day-level analytics
// counters and the mail outbox used when no SMTP server is configured.
import {
  bigint,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
  /** The previous window's count, weighted in by the sliding-window estimate. */
  prevCount: integer("prev_count").notNull().default(0),
});

/** No identifier, IP or time finer than a day is ever stored here. */
export const analyticsCounters = pgTable(
  "analytics_counters",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    step: text("step").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.name, t.step] })],
);

export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
