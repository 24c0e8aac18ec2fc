// Accounts, their sessions and e-mail verification tokens. The server holds only
// scrypt hashes of auth keys and the client's wrapped key material.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "./types";

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey(),
    handle: text("handle"),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * An address the account asked to change to, not yet verified. Kept apart from
     * `email` (unique, a sign-in identifier) so that asking for an address neither
     * tells whether someone holds it nor keeps its owner from signing up with it.
     */
    pendingEmail: text("pending_email"),
    discoverableByEmail: boolean("discoverable_by_email").notNull().default(false),
    hashSalt: bytea("hash_salt").notNull(),
    authHash: bytea("auth_hash").notNull(),
    recoveryHash: bytea("recovery_hash").notNull(),
    kdfIterations: integer("kdf_iterations").notNull(),
    kdfSalt: bytea("kdf_salt").notNull(),
    wrappedMasterKey: bytea("wrapped_master_key").notNull(),
    recoveryWrappedMasterKey: bytea("recovery_wrapped_master_key").notNull(),
    publicKey: bytea("public_key"),
    wrappedPrivateKey: bytea("wrapped_private_key"),
    /**
     * The raw 32-byte Ed25519 key the account's clients sign content with (issue 21,
     * signed content). Public, set once; the server never verifies with it.
     */
    signingPublicKey: bytea("signing_public_key"),
    complimentary: boolean("complimentary").notNull().default(false),
    subscriptionStatus: text("subscription_status").notNull().default("none"),
    subscriptionPlan: text("subscription_plan"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    passkeyOfferDeclined: boolean("passkey_offer_declined").notNull().default(false),
    accountBytes: bigint("account_bytes", { mode: "number" }).notNull().default(0),
    noteCount: bigint("note_count", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_handle_key").on(t.handle),
    uniqueIndex("accounts_email_key").on(t.email),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: bytea("token_hash").notNull(),
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** Minted by a device link: it may only claim that link until it does (contract.md §4). */
    limited: boolean("limited").notNull().default(false),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_account_idx").on(t.accountId),
  ],
);

export const emailTokens = pgTable("email_tokens", {
  tokenHash: bytea("token_hash").primaryKey(),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const lowerCheck = sql`true`;
