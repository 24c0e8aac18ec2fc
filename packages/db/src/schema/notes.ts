// Notes as encrypted CRDT documents. A note row holds the latest snapshot and
// counters; note_updates is the append-only log above the snapshot; note_members
// is each member's view, whose `seq` moves on every change that member can see, so
// the change feed is one index range scan per account. Deleted notes stay as
// tombstones (no ciphertext) so their ids can never be reused.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { bytea } from "./types";

/** Server-wide change numbers (contract.md §5): monotonic, not necessarily contiguous. */
export const changeSeq = pgSequence("change_seq", { startWith: 1 });

export const notes = pgTable(
  "notes",
  {
    id: uuid("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    deleted: boolean("deleted").notNull().default(false),
    metadata: bytea("metadata"),
    snapshot: bytea("snapshot"),
    /**
     * Signature blocks (issue 21, signed content: the signer's 16-byte account id, then
     * an Ed25519 signature) over the snapshot and the metadata as they are now; null
     * when the writer did not sign. Not ciphertext: they count in no usage.
     */
    snapshotSignature: bytea("snapshot_signature"),
    metadataSignature: bytea("metadata_signature"),
    /**
     * The owner's signature block over the deletion (issue 33: a device acts on a
     * deletion only when the owner signed it); null for unsigned deletions and live notes.
     */
    deletionSignature: bytea("deletion_signature"),
    snapshotVersion: bigint("snapshot_version", { mode: "number" }).notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    /** Decoded ciphertext bytes stored for the note: snapshot, updates, metadata (not signatures). */
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    nextRevision: bigint("next_revision", { mode: "number" }).notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notes_owner_idx").on(t.ownerId)],
);

export const noteMembers = pgTable(
  "note_members",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    wrappedCek: bytea("wrapped_cek"),
    /**
     * The key handout (issue 33): the owner's signature block over this wrap, the note,
     * the recipient and `wrapEpoch`, the roster epoch the wrap was made at. Opaque here;
     * null for wraps made before handouts were signed.
     */
    wrapSignature: bytea("wrap_signature"),
    wrapEpoch: bigint("wrap_epoch", { mode: "number" }),
    /** Who added the member (shown to the owner only); null for the owner. */
    addedBy: uuid("added_by").references(() => accounts.id, { onDelete: "set null" }),
    /** The member's view of the note changed at this seq. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    /**
     * A revoked member's tombstone shows the note as it was when they lost it (their
     * removal, their leaving, or the deletion), never its live counters: a former
     * member must not watch how much, when and with how many it is edited.
     */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedVersion: bigint("revoked_version", { mode: "number" }),
    revokedSnapshotVersion: bigint("revoked_snapshot_version", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.accountId] }),
    index("note_members_feed_idx").on(t.accountId, t.seq),
    check(
      "note_members_revoked_frozen",
      sql`${t.role} <> 'revoked' or (${t.revokedAt} is not null and ${t.revokedVersion} is not null and ${t.revokedSnapshotVersion} is not null)`,
    ),
  ],
);

export const noteUpdates = pgTable(
  "note_updates",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull(),
    data: bytea("data").notNull(),
    /** The update's signature block; null when unsigned. */
    signature: bytea("signature"),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.version] })],
);

/** Idempotency memory of appends: the first request's coordinates, until compaction prunes the batch. */
export const noteRequests = pgTable(
  "note_requests",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.requestId] })],
);

export const revisions = pgTable(
  "revisions",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    revision: bigint("revision", { mode: "number" }).notNull(),
    snapshot: bytea("snapshot").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    baseRevision: bigint("base_revision", { mode: "number" }),
    authorId: uuid("author_id").references(() => accounts.id, { onDelete: "set null" }),
    epochId: text("epoch_id"),
    /** The snapshot's signature block; null when unsigned. */
    signature: bytea("signature"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.revision] })],
);

/**
 * The note's previous compaction (issue 21, attack 6): what the last compaction
 * replaced, kept so the owner can get it back whoever compacted. One row per note:
 * the snapshot a compaction replaced and every update pruned since, as versions
 * snapshotVersion+1 … coversVersion in previous_compaction_updates. An editor's
 * compaction only adds its pruned updates to the row (it can never push out what is
 * kept); the owner's own compaction, or the owner's discard, starts again. `bytes`
 * counts against the owner's usage like any stored ciphertext.
 */
export const previousCompactions = pgTable("previous_compactions", {
  noteId: uuid("note_id")
    .primaryKey()
    .references(() => notes.id, { onDelete: "cascade" }),
  snapshot: bytea("snapshot").notNull(),
  /** The kept snapshot's signature block, as the note held it; null when unsigned. */
  snapshotSignature: bytea("snapshot_signature"),
  snapshotVersion: bigint("snapshot_version", { mode: "number" }).notNull(),
  coversVersion: bigint("covers_version", { mode: "number" }).notNull(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  compactedBy: uuid("compacted_by").references(() => accounts.id, { onDelete: "set null" }),
  compactedAt: timestamp("compacted_at", { withTimezone: true }).notNull().defaultNow(),
});

export const previousCompactionUpdates = pgTable(
  "previous_compaction_updates",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => previousCompactions.noteId, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull(),
    data: bytea("data").notNull(),
    /** The pruned update's signature block, kept with it; null when unsigned. */
    signature: bytea("signature"),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.version] })],
);

/**
 * A note's signed membership chain (issue 33): one entry per roster the owner decided,
 * epoch 0 at creation, each naming the hash of the one before. The entry bytes (owner's
 * signature included) are opaque here; the server keeps the epochs gap-free and
 * append-only and serves the chain to members, who verify it.
 */
export const noteRosterEntries = pgTable(
  "note_roster_entries",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    entry: bytea("entry").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.epoch] })],
);
