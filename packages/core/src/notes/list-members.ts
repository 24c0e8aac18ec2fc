// The roster of a note's live members, owner first, with a strong ETag. A member
// without a handle is named by address only to the note's owner.
import { createHash } from "node:crypto";
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Caller, Core } from "../core";
import { noteNotFound } from "./note-access";

export interface Member {
  userId: string;
  role: "owner" | "editor" | "viewer";
  handle?: string;
  name?: string;
}

export async function listMembers(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<{ members: Member[]; etag: string }> {
  const id = noteId.toLowerCase();
  const found = await rows<{
    account_id: string;
    role: Member["role"];
    handle: string | null;
    email: string | null;
    owner_id: string;
  }>(
    core.db,
    sql`select m.account_id, m.role, a.handle, a.email, n.owner_id
        from note_members m join accounts a on a.id = m.account_id join notes n on n.id = m.note_id
        where m.note_id = ${id} and m.role <> 'revoked' and not n.deleted
        order by (m.role = 'owner') desc, a.handle nulls last, m.account_id`,
  );
  if (!found.some((m) => m.account_id === caller.accountId)) throw noteNotFound();
  const callerIsOwner = found[0]?.owner_id === caller.accountId;
  const members = found.map(
    (m): Member => ({
      userId: m.account_id,
      role: m.role,
      ...(m.handle !== null && { handle: m.handle }),
      ...(m.handle === null && callerIsOwner && m.email !== null && { name: m.email }),
    }),
  );
  const etag = `"${createHash("sha256").update(JSON.stringify(members)).digest("base64url").slice(0, 22)}"`;
  return { members, etag };
}
