// Announcements to the realtime relay (contract.md §7) on the Postgres channel
// `notes_events`. Sent inside the writing transaction, so they are delivered at
// commit and never for a change that rolled back. Payloads carry ids and seqs only;
// the relay reads the rest back (a bridge transmission, which members must
// receive anyway, travels whole when it fits). (The sessions trigger's function,
// packages/db/sql/functions/notes_session_deleted.sql, announces on the same
// channel and on SESSIONS_CHANNEL.)
import type { Queryable } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Transmission } from "../bridge/transmission";

export const EVENTS_CHANNEL = "notes_events";
/** Deleted sessions alone (notes_session_deleted.sql), which app instances follow. */
export const SESSIONS_CHANNEL = "notes_sessions";

export type NoteChangeKind = "write" | "roster" | "delete";

export type Announcement =
  | { e: "note"; kind: NoteChangeKind; noteId: string; seq: number; ownerId: string }
  | { e: "account"; accountId: string }
  // A bridge transmission: whole when it fits NOTIFY, else by seq (bridge/announce.ts).
  | { e: "bridge"; seq: number; message?: Transmission };

export async function announce(q: Queryable, event: Announcement): Promise<void> {
  await q.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
