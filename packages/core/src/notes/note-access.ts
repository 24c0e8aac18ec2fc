// Who may do what to a note (contract.md §4): a non-member gets "not found" (never
// 403, so existence does not leak); a deleted note answers 410 to writes; viewers
// cannot write; some operations need the owner.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { noteDeleted, noteNotFound, ownerRequired, viewOnly } from "./refusals";

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
  if (!row) throw noteNotFound();
  // Read after the lock, by a statement of its own: a roster change committed while
  // this write waited is seen (a row joined to the locking statement would be stale).
  const [member] = await rows<{ role: LockedNote["role"] }>(
    tx,
    sql`select role from note_members where note_id = ${noteId} and account_id = ${accountId}`,
  );
  if (!member) throw noteNotFound();
  const note: LockedNote = {
    id: String(row.id),
    ownerId: String(row.owner_id),
    deleted: Boolean(row.deleted),
    role: member.role,
    snapshotVersion: Number(row.snapshot_version),
    version: Number(row.version),
    bytes: Number(row.bytes),
    snapshotBytes: Number(row.snapshot_bytes),
    metadataBytes: Number(row.metadata_bytes),
    nextRevision: Number(row.next_revision),
  };
  if (note.deleted) throw noteDeleted();
  if (note.role === "revoked") throw noteNotFound();
  if (need === "owner" && note.role !== "owner") {
    throw ownerRequired();
  }
  if (need === "writer" && note.role === "viewer") throw viewOnly();
  return note;
}

/** Gives every live member's view of the note the change's seq (removed members see nothing more). */
export async function touchMembers(tx: Queryable, noteId: string, seq: number): Promise<void> {
  await tx.execute(
    sql`update note_members set seq = ${seq} where note_id = ${noteId} and role <> 'revoked'`,
  );
}
