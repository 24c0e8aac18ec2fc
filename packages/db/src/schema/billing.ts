// Billing with Stripe (contract.md §8, §10, §11). The subscription fields an
// Account shows live on `accounts`; this holds what maps an account to Stripe
// (its customer and current subscription), the `created` of the last webhook
// event applied to that subscription (older ones are stale), and every webhook
// event id already applied (each is applied at most once).
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const billingProfiles = pgTable(
  "billing_profiles",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    /** Stripe's `created` (Unix seconds) of the last event applied to `subscriptionId`. */
    lastEventCreated: bigint("last_event_created", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("billing_profiles_customer_idx").on(t.customerId),
    index("billing_profiles_subscription_idx").on(t.subscriptionId),
  ],
);

export const billingEvents = pgTable("billing_events", {
  /** Stripe's event id (`evt_…`). */
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
