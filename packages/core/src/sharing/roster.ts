// A note's roster as stored, and as a caller sees it (interface.md §2.5). The
// strong ETag covers what the caller sees plus a digest of every member's wrapped
// content key, so a key rotation or any membership change moves it: an owner's
// device holding an older roster cannot overwrite a newer one (If-Match).
// A handle-less member is named, to the owner only, by the address the owner
// resolved them by (contacts.ts), never by the account's live e-mail: that would
// tell the owner an address they never knew.
// Every member also sees every member's public keys, sharing and signing (issue 21,
// signed content: clients pin them on first sight). They are left out of the ETag,
// which stays what it was before them: a key set later does not move it, so a
// writer's If-Match read before that still holds.
import { createHash } from "node:crypto";
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { toBase64 } from "../shared/base64";

export type LiveRole = "owner" | "editor" | "viewer";

export interface RosterRow {
  accountId: string;
  role: LiveRole;
  handle: string | null;
  /** The address the note's owner resolved this member by; null if never by address. */
  resolvedEmail: string | null;
  wrappedCek: Uint8Array | null;
  addedBy: string | null;
  publicKey: Uint8Array | null;
  signingPublicKey: Uint8Array | null;
}

export interface Member {
  userId: string;
  role: LiveRole;
  handle?: string;
  name?: string;
  /** Who added this member; shown to the note's owner only. */
  addedBy?: string;
  /** The member's sharing and signing public keys, once set; shown to every member. */
  publicKey?: string;
  signingPublicKey?: string;
}

/** Live members of a live note, owner first (empty for a deleted or unknown note). */
export async function readRoster(q: Queryable, noteId: string): Promise<RosterRow[]> {
  const found = await rows<{
    account_id: string;
    role: LiveRole;
    handle: string | null;
    resolved_email: string | null;
    wrapped_cek: Uint8Array | null;
    added_by: string | null;
    public_key: Uint8Array | null;
    signing_public_key: Uint8Array | null;
  }>(
    q,
    sql`select m.account_id, m.role, a.handle, c.email as resolved_email, m.wrapped_cek, m.added_by,
               a.public_key, a.signing_public_key
        from note_members m join accounts a on a.id = m.account_id join notes n on n.id = m.note_id
          left join sharing_contacts c on c.account_id = n.owner_id and c.contact_id = m.account_id
        where m.note_id = ${noteId} and m.role <> 'revoked' and not n.deleted
        order by (m.role = 'owner') desc, a.handle nulls last, m.account_id`,
  );
  return found.map((m) => ({
    accountId: m.account_id,
    role: m.role,
    handle: m.handle,
    resolvedEmail: m.resolved_email,
    wrappedCek: m.wrapped_cek,
    addedBy: m.added_by,
    publicKey: m.public_key,
    signingPublicKey: m.signing_public_key,
  }));
}

/** The roster as `callerId` sees it; a handle-less member is named by address to the owner only. */
export function rosterView(roster: RosterRow[], callerId: string) {
  const callerIsOwner = roster[0]?.role === "owner" && roster[0].accountId === callerId;
  const members = roster.map(
    (m): Member => ({
      userId: m.accountId,
      role: m.role,
      ...(m.handle !== null && { handle: m.handle }),
      ...(m.handle === null &&
        callerIsOwner &&
        m.resolvedEmail !== null && { name: m.resolvedEmail }),
      ...(callerIsOwner && m.addedBy !== null && { addedBy: m.addedBy }),
    }),
  );
  const digest = createHash("sha256").update(JSON.stringify(members));
  for (const m of roster) digest.update(m.wrappedCek ?? new Uint8Array());
  const etag = `"${digest.digest("base64url").slice(0, 22)}"`;
  const keyed = members.map((member, i) => withKeys(member, roster[i]));
  return { members: keyed, etag };
}

const withKeys = (member: Member, row: RosterRow | undefined): Member => ({
  ...member,
  ...(row?.publicKey && { publicKey: toBase64(row.publicKey) }),
  ...(row?.signingPublicKey && { signingPublicKey: toBase64(row.signingPublicKey) }),
});
