// Key transparency (issue 34, docs/key-transparency.md): the log of account-to-key
// bindings. `kt_bindings` holds every version of every account's binding, with the
// epoch that logged it, its VRF place and the commitment's opening; `kt_heads` the
// signed head of each epoch; `kt_cosignatures` what witnesses cosigned; `kt_pending`
// the accounts whose keys changed since the last epoch (a publication enqueues; the
// epoch job drains). Bindings outlive their account: the log is append-only.
// Rosters too: `kt_roster_leaves` holds every chain head logged for a note (the newest
// entry of its signed membership chain, one row per epoch that changed it), and
// `kt_roster_pending` the notes whose chain grew since the last epoch. And each account's
// seen heads (issue 33, item 12): `kt_seen_leaves` the counter and digest of every sealed
// copy logged, `kt_seen_pending` the accounts that stored a new one since the last epoch.
import { bigint, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { notes } from "./notes";
import { bytea } from "./types";

export const ktPending = pgTable("kt_pending", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  enqueuedAt: timestamp("enqueued_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ktBindings = pgTable(
  "kt_bindings",
  {
    accountId: uuid("account_id").notNull(),
    version: integer("version").notNull(),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    vrfIndex: bytea("vrf_index").notNull(),
    vrfProof: bytea("vrf_proof").notNull(),
    publicKey: bytea("public_key"),
    signingPublicKey: bytea("signing_public_key"),
    prev: bytea("prev").notNull(),
    opening: bytea("opening").notNull(),
    commitment: bytea("commitment").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.version] }),
    index("kt_bindings_epoch").on(t.epoch),
  ],
);

export const ktHeads = pgTable("kt_heads", {
  epoch: bigint("epoch", { mode: "number" }).primaryKey(),
  timestampMs: bigint("timestamp_ms", { mode: "number" }).notNull(),
  treeRoot: bytea("tree_root").notNull(),
  logRoot: bytea("log_root").notNull(),
  signature: bytea("signature").notNull(),
});

export const ktCosignatures = pgTable(
  "kt_cosignatures",
  {
    epoch: bigint("epoch", { mode: "number" })
      .notNull()
      .references(() => ktHeads.epoch),
    witness: bytea("witness").notNull(),
    signature: bytea("signature").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.epoch, t.witness] })],
);

/**
 * The notes whose roster chain grew since the last epoch. A note never logged before has
 * no place in the tree yet: `vrf_index`/`vrf_proof` hold it once the placing job has
 * computed it (ahead of the epoch, in short steps: a VRF proof takes milliseconds).
 */
export const ktRosterPending = pgTable("kt_roster_pending", {
  noteId: uuid("note_id")
    .primaryKey()
    .references(() => notes.id, { onDelete: "cascade" }),
  enqueuedAt: timestamp("enqueued_at", { withTimezone: true }).notNull().defaultNow(),
  vrfIndex: bytea("vrf_index"),
  vrfProof: bytea("vrf_proof"),
});

export const ktRosterLeaves = pgTable(
  "kt_roster_leaves",
  {
    noteId: uuid("note_id").notNull(),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    chainEpoch: bigint("chain_epoch", { mode: "number" }).notNull(),
    entryHash: bytea("entry_hash").notNull(),
    vrfIndex: bytea("vrf_index").notNull(),
    vrfProof: bytea("vrf_proof").notNull(),
    opening: bytea("opening").notNull(),
    commitment: bytea("commitment").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.epoch] }),
    index("kt_roster_leaves_epoch").on(t.epoch),
  ],
);

/**
 * The accounts whose sealed seen heads changed since the last epoch (an upload enqueues;
 * the epoch job drains and logs the newest counter and digest in `kt_seen_leaves`).
 */
export const ktSeenPending = pgTable("kt_seen_pending", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  enqueuedAt: timestamp("enqueued_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every seen-heads leaf logged for an account, one row per epoch that changed it. */
export const ktSeenLeaves = pgTable(
  "kt_seen_leaves",
  {
    accountId: uuid("account_id").notNull(),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    digest: bytea("digest").notNull(),
    vrfIndex: bytea("vrf_index").notNull(),
    vrfProof: bytea("vrf_proof").notNull(),
    opening: bytea("opening").notNull(),
    commitment: bytea("commitment").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.epoch] }),
    index("kt_seen_leaves_epoch").on(t.epoch),
  ],
);
