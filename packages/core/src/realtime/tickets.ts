// Single-use WebSocket tickets (contract.md §3, §6, §7): 60 seconds, stored as a
// SHA-256 only, bound to the account and session that asked (a revoked session's
// tickets are deleted with it by cascade). Redemption deletes the row and reads
// it in one statement, so of any number of racing redemptions exactly one wins.
import { type Db, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { noteDeleted, noteNotFound } from "../notes/refusals";
import { hashToken, isTokenShaped, newToken } from "../shared/secrets";
import type { LiveRole } from "../sharing/roster";
import type { Caller } from "../types";

export const TICKET_SECONDS = 60;

export interface Ticket {
  ticket: string;
  url: string;
  expiresAt: string;
}

export type TicketGrant =
  | { kind: "feed"; accountId: string; sessionId: string }
  | { kind: "room"; accountId: string; sessionId: string; noteId: string; role: LiveRole };

async function issue(core: Core, caller: Caller, path: string, noteId: string | null) {
  const { token, hash } = newToken();
  const [row] = await rows<{ expires_at: Date | string }>(
    core.db,
    sql`with sweep as (
          delete from realtime_tickets where expires_at < now() - interval '5 minutes'
        )
        insert into realtime_tickets (hash, kind, account_id, session_id, note_id, expires_at)
        values (${Buffer.from(hash)}, ${noteId === null ? "feed" : "room"}, ${caller.accountId},
                ${caller.sessionId}, ${noteId}, now() + make_interval(secs => ${TICKET_SECONDS}))
        returning expires_at`,
  );
  const url = new URL(path, `${core.config.realtimeUrl}/`);
  url.searchParams.set("ticket", token);
  return {
    ticket: token,
    url: url.toString(),
    expiresAt: new Date(row?.expires_at ?? 0).toISOString(),
  };
}

export function issueFeedTicket(core: Core, caller: Caller): Promise<Ticket> {
  return issue(core, caller, "v1/feed", null);
}

/** Any live member may join the note's room; a deleted note answers 410, others 404. */
export async function issueRoomTicket(core: Core, caller: Caller, noteId: string): Promise<Ticket> {
  const id = noteId.toLowerCase();
  const [row] = await rows<{ role: string; deleted: boolean }>(
    core.db,
    sql`select m.role, n.deleted from notes n join note_members m on m.note_id = n.id
        where n.id = ${id} and m.account_id = ${caller.accountId}`,
  );
  if (!row || (row.role === "revoked" && !row.deleted)) throw noteNotFound();
  if (row.deleted) throw noteDeleted();
  return issue(core, caller, `v1/rooms/${id}`, id);
}

/** Redeems a ticket once; undefined when unknown, used, expired or for another kind or note. */
export async function redeemTicket(
  db: Db,
  ticket: string,
  want: { kind: "feed" } | { kind: "room"; noteId: string },
): Promise<TicketGrant | undefined> {
  if (!isTokenShaped(ticket)) return undefined;
  const [row] = await rows<{
    kind: string;
    account_id: string;
    session_id: string;
    note_id: string | null;
    fresh: boolean;
    role: string | null;
  }>(
    db,
    sql`with t as (
          delete from realtime_tickets where hash = ${Buffer.from(hashToken(ticket))}
          returning kind, account_id, session_id, note_id, expires_at > now() as fresh
        )
        select t.*, m.role from t
        left join notes n on n.id = t.note_id and not n.deleted
        left join note_members m on m.note_id = n.id and m.account_id = t.account_id
                                and m.role <> 'revoked'`,
  );
  if (!row?.fresh || row.kind !== want.kind) return undefined;
  if (want.kind === "feed")
    return { kind: "feed", accountId: row.account_id, sessionId: row.session_id };
  if (row.note_id !== want.noteId.toLowerCase() || row.role === null) return undefined;
  return {
    kind: "room",
    accountId: row.account_id,
    sessionId: row.session_id,
    noteId: row.note_id,
    role: row.role as LiveRole,
  };
}
