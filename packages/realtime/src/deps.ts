// What the realtime relay needs from the rest of the system, injected so the relay
// knows nothing of databases: the app wires these to @notes/core (tickets,
// memberships, sessions) and to the database's LISTEN/NOTIFY stream of events.
import type { Announcement, LiveRole, Transmission } from "@notes/core";

export type { LiveRole };

/** What a redeemed ticket admits (contract.md §7). */
export type TicketGrant =
  | { kind: "feed"; accountId: string; sessionId: string }
  | { kind: "room"; accountId: string; sessionId: string; noteId: string; role: LiveRole };

/**
 * Events the app announces (Postgres NOTIFY or the embedded database's in-process
 * NOTIFY; payloads carry ids and seqs only): core's `Announcement`, written once there,
 * plus the sessions trigger's event (packages/db/sql/functions/notes_session_deleted.sql).
 * A note event means the views of the members whose row moved to `seq` changed; `kind`
 * says whether the roster changed or the note was deleted, which may end room
 * memberships. A bridge event's `message` is absent when it was too large for NOTIFY.
 */
export type RealtimeEvent = Announcement | { e: "session"; sessionId: string; accountId: string };

/** A bridge transmission as stored and broadcast (interface.md §2.7); opaque here. */
export type BridgeTransmission = Transmission;

export interface RealtimeAccess {
  /** Redeems a single-use ticket; undefined when unknown, used, expired or for another kind/note. */
  redeemTicket(
    ticket: string,
    want: { kind: "feed" } | { kind: "room"; noteId: string },
  ): Promise<TicketGrant | undefined>;
  /** Accounts whose view of the note moved to exactly `seq` (who a change concerns). */
  accountsAt(noteId: string, seq: number): Promise<string[]>;
  /** Live roles on the note now (deleted note or no members → empty map). */
  liveRoles(noteId: string): Promise<Map<string, LiveRole>>;
  /** Which of these session ids still exist (not revoked or expired). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  /** The latest change seq (sent with a resync `changes` event). */
  latestSeq(): Promise<number>;
  /** One bridge transmission by seq (undefined when there is none). */
  bridgeMessage(seq: number): Promise<BridgeTransmission | undefined>;
  /** Which of these accounts have bridge access now. */
  bridgeAudience(accountIds: string[]): Promise<Set<string>>;
}

export interface RealtimeLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
