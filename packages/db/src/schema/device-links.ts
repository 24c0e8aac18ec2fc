// Device-link handshakes (contract.md §3, §4): a signed-in device hands the
// master key and a freshly minted session to a new device through an ephemeral
// ECDH exchange. The server stores the public keys, the claimer's proof and the
// sealed payload, and can open none of it.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, sessions } from "./accounts";
import { bytea } from "./types";

export const deviceLinks = pgTable(
  "device_links",
  {
    id: uuid("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The session minted for the new device; revoking it ends the link. */
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** pending → offered → sealed → claimed */
    status: text("status").notNull(),
    claimerPubKey: bytea("claimer_pub_key"),
    claimerProof: bytea("claimer_proof"),
    /** "Chrome on Linux": from the claimer's User-Agent, shown to the owner before sealing. */
    claimerLabel: text("claimer_label"),
    sealerPubKey: bytea("sealer_pub_key"),
    sealed: bytea("sealed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("device_links_account_idx").on(t.accountId)],
);
