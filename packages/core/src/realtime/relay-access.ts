// The reads the realtime relay makes (packages/realtime's RealtimeAccess): who a
// change concerns, live roles in a room, which sessions still exist, the latest
// seq for a resync, and who hears a bridge transmission. Each is one indexed query.
import { bridgeMessages, type Db, rows } from "@notes/db";
import { eq, sql } from "drizzle-orm";
import { hasBridgeAccessSql } from "../bridge/access";
import { selectTransmissions, type Transmission, toTransmission } from "../bridge/transmission";
import { lastSeq } from "../notes/change-seq";
import { ABSOLUTE_DAYS } from "../sessions/lifetimes";
import type { LiveRole } from "../sharing/roster";

/** Accounts whose view of the note moved to exactly `seq`. */
export async function accountsAt(db: Db, noteId: string, seq: number): Promise<string[]> {
  const found = await rows<{ account_id: string }>(
    db,
    sql`select account_id from note_members where note_id = ${noteId} and seq = ${seq}`,
  );
  return found.map((r) => r.account_id);
}

export async function liveRoles(db: Db, noteId: string): Promise<Map<string, LiveRole>> {
  const found = await rows<{ account_id: string; role: LiveRole }>(
    db,
    sql`select m.account_id, m.role from note_members m join notes n on n.id = m.note_id
        where m.note_id = ${noteId} and m.role <> 'revoked' and not n.deleted`,
  );
  return new Map(found.map((r) => [r.account_id, r.role]));
}

export async function liveSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select id from sessions
        where created_at > now() - make_interval(days => ${ABSOLUTE_DAYS})
          and id in (${sql.join(
            sessionIds.map((s) => sql`${s}::uuid`),
            sql`, `,
          )})`,
  );
  return new Set(found.map((r) => r.id));
}

/** The latest seq: a resync only asks clients to pull, so the in-flight caveat does not matter. */
export function latestSeq(db: Db): Promise<number> {
  return lastSeq(db);
}

/** One bridge transmission, for an announcement too large to carry it. */
export async function bridgeMessage(db: Db, seq: number): Promise<Transmission | undefined> {
  const [row] = await selectTransmissions(db).where(eq(bridgeMessages.seq, seq));
  return row && toTransmission(row);
}

/** Which of these accounts have bridge access now (who hears a transmission). */
export async function bridgeAudience(db: Db, accountIds: string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select a.id from accounts a
        where ${hasBridgeAccessSql}
          and a.id in (${sql.join(
            accountIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
  return new Set(found.map((r) => r.id));
}
