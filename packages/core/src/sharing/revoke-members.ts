// Ends memberships: a removal from the roster, a member leaving, or the note's
// deletion (everyone, the owner too). The member's view becomes a tombstone at `seq`
// (interface.md §3.2): no wrap, no role, no "added by", the note's versions frozen as
// they are now and the time of the revocation, since a tombstone must tell a former
// member nothing about what happens to the note afterwards (note-state.ts reads them).
import type { Queryable } from "@notes/db";
import { sql } from "drizzle-orm";

export async function revokeMembers(
  tx: Queryable,
  noteId: string,
  who: string[] | "everyone",
  seq: number,
): Promise<void> {
  if (who.length === 0) return;
  const members =
    who === "everyone"
      ? sql`m.role <> 'revoked'`
      : sql`m.role not in ('owner', 'revoked') and m.account_id in (${sql.join(
          who.map((u) => sql`${u}::uuid`),
          sql`, `,
        )})`;
  await tx.execute(
    sql`update note_members m
        set role = 'revoked', wrapped_cek = null, wrap_signature = null, wrap_epoch = null, added_by = null, seq = ${seq},
            revoked_at = now(), revoked_version = n.version,
            revoked_snapshot_version = n.snapshot_version
        from notes n
        where n.id = m.note_id and m.note_id = ${noteId} and ${members}`,
  );
}
