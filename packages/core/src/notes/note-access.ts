// Who may do what to a note (contract.md §4): a non-member gets "not found" (never
// 403, so existence does not leak); a deleted note answers 410 to writes; viewers
// cannot write; some operations need the owner. The rule and its order are the SQL
// helper notes_refusal's (packages/db/sql/functions/notes_refusal.sql), which the
// append functions call too; this file asks it and throws what it names.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { throwIfRefused } from "./refusals";

export interface LockedNote {
  id: string;
  ownerId: string;
  deleted: boolean;
  role: "owner" | "editor" | "viewer" | "revoked";
  snapshotVersion: number;
  version: number;
  bytes: number;
  snapshotBytes: number;
  metadataBytes: number;
  nextRevision: number;
}

/**
 * Locks the note row for a write by `accountId` and checks the caller may make it:
 * `writer` (owner or editor), `owner`, or any live `member` (leaving needs no more).
 */
export async function lockNoteForWrite(
  tx: Queryable,
  noteId: string,
  accountId: string,
  need: "writer" | "owner" | "member" = "writer",
): Promise<LockedNote> {
  const [row] = await rows<Record<string, unknown>>(
    tx,
    sql`select n.id, n.owner_id, n.deleted, n.snapshot_version, n.version, n.bytes,
               coalesce(octet_length(n.snapshot), 0) as snapshot_bytes,
               coalesce(octet_length(n.metadata), 0) as metadata_bytes, n.next_revision
        from notes n where n.id = ${noteId}
        for no key update`,
  );
  // Read after the lock, by a statement of its own: a roster change committed while
  // this write waited is seen (a row joined to the locking statement would be stale).
  // No note passes deleted NULL, no membership a NULL role: both are note-not-found.
  const [access] = await rows<{ role: LockedNote["role"] | null; refusal: string | null }>(
    tx,
    sql`select m.role, notes_refusal(${row ? Boolean(row.deleted) : null}::boolean, m.role,
                                     ${need}::text) as refusal
        from (select 1) as one
        left join note_members m on m.note_id = ${noteId} and m.account_id = ${accountId}`,
  );
  throwIfRefused(access?.refusal);
  if (!row || !access?.role) throw new Error("notes_refusal let through a write to no note");
  return {
    id: String(row.id),
    ownerId: String(row.owner_id),
    deleted: Boolean(row.deleted),
    role: access.role,
    snapshotVersion: Number(row.snapshot_version),
    version: Number(row.version),
    bytes: Number(row.bytes),
    snapshotBytes: Number(row.snapshot_bytes),
    metadataBytes: Number(row.metadata_bytes),
    nextRevision: Number(row.next_revision),
  };
}

/** Gives every live member's view of the note the change's seq (removed members see nothing more). */
export async function touchMembers(tx: Queryable, noteId: string, seq: number): Promise<void> {
  await tx.execute(
    sql`update note_members set seq = ${seq} where note_id = ${noteId} and role <> 'revoked'`,
  );
}
