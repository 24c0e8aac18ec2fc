// Share links (issue 37; docs/client-crypto.md, "Share links"): a note's owner lets
// anyone with a URL read the note, its key only in the URL's fragment. The server keeps
// the sealed content and the owner's signature over it, the owner's wrapped copy of the
// link's keys, and the SHA-256 of the access key a reader must present; it can open
// none of it. It enforces what it can see: expiry, the view limit and revocation.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { notes } from "./notes";
import { bytea } from "./types";

export const shareLinks = pgTable(
  "share_links",
  {
    /** 16 random bytes, url-safe Base64 without padding (22 characters), chosen by the client. */
    id: text("id").primaryKey(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** `snapshot` (the note as it was) or `follow` (re-sealed by the owner's client on edits). */
    mode: text("mode").notNull(),
    /** The sealed content and the owner's signature block; null once the link ended. */
    sealed: bytea("sealed"),
    signature: bytea("signature"),
    /** linkKey ‖ contentKey under the owner's master key; null once the link ended. */
    ownerKeys: bytea("owner_keys"),
    /** SHA-256 of the access key readers present. */
    accessVerifier: bytea("access_verifier").notNull(),
    passwordRequired: boolean("password_required").notNull(),
    kdfIterations: integer("kdf_iterations"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxViews: integer("max_views"),
    views: integer("views").notNull().default(0),
    /** Stored bytes counted in the owner's usage (sealed content and wrapped keys). */
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the content was last sealed (creation, or a following link's re-seal). */
    sealedAt: timestamp("sealed_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The attachments of the note the link shows (the images sealed into its content, by
     * id only): the only ones a reader may fetch through the link. The owner names them.
     */
    attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** The last counted view: a link used up by it still serves its images a little while. */
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (t) => [
    index("share_links_owner_idx").on(t.ownerId, t.createdAt),
    index("share_links_note_idx").on(t.noteId),
    check("share_links_mode", sql`${t.mode} in ('snapshot', 'follow')`),
  ],
);
