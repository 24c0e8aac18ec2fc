// Passkeys (contract.md §2, §3, §11): each enrolled WebAuthn credential with the
// master key wrapped under its PRF secret, and the challenges handed out for
// enrolment and sign-in. A challenge is stored only as its SHA-256, bound to its
// ceremony (and, where there is one, to its account), and consumed by
// DELETE … RETURNING, so it works once.
import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { bytea } from "./types";

export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, url-safe Base64 without padding, as WebAuthn reports it. */
    id: text("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** COSE public key from the attested credential data. */
    publicKey: bytea("public_key").notNull(),
    /** Last signature counter seen (0 for authenticators that keep none). */
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    label: text("label").notNull(),
    /** The master key wrapped by the credential's PRF secret (client-side, §9). */
    wrappedMasterKey: bytea("wrapped_master_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_account_idx").on(t.accountId, t.createdAt)],
);

export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challengeHash: bytea("challenge_hash").primaryKey(),
    /** enrol | sign-in (for one account: challengePasskey) | discoverable (beginPasskey) */
    ceremony: text("ceremony").notNull(),
    /** Set for enrol and sign-in; a sign-in challenge for an unknown handle has none. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);
