// Attachments (issue 36): files kept with a note, encrypted on the device. A row
// holds the file key wrapped under the note's content key, the sealed metadata
// (name, type, size) and the ciphertext's shape; its chunks are rows of
// attachment_chunks whose `data` is the chunk's ciphertext when chunks live in
// Postgres, or null when an object store holds them (the row still says the chunk
// arrived, and how long it is). `bytes` is what the note owner's usage counts.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { notes } from "./notes";
import { bytea } from "./types";

export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    /** The account whose usage counts the bytes: the note's owner. */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id").references(() => accounts.id, { onDelete: "set null" }),
    wrappedKey: bytea("wrapped_key").notNull(),
    metadata: bytea("metadata").notNull(),
    /** Ciphertext bytes of every chunk but the last. */
    chunkSize: integer("chunk_size").notNull(),
    chunkCount: integer("chunk_count").notNull(),
    /** Ciphertext bytes of all chunks together. */
    size: bigint("size", { mode: "number" }).notNull(),
    /** Counted in the owner's usage: size, metadata and wrapped key. */
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    /** uploading → complete; complete → detached (removed from the note, kept for its revisions). */
    state: text("state").notNull().default("uploading"),
    /** Where the chunks are: `postgres` (attachment_chunks.data) or `s3`. */
    store: text("store").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last upload activity; an upload idle past the collection age is collected. */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("attachments_note_idx").on(t.noteId),
    index("attachments_uploading_idx").on(t.touchedAt).where(sql`${t.state} = 'uploading'`),
    check("attachments_state", sql`${t.state} in ('uploading', 'complete', 'detached')`),
  ],
);

export const attachmentChunks = pgTable(
  "attachment_chunks",
  {
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => attachments.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    bytes: integer("bytes").notNull(),
    /** The chunk's ciphertext; null when the object store holds it. */
    data: bytea("data"),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.index] })],
);
