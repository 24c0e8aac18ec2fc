// Wires the relay to the rest of the system (here, in the composition root: the
// relay package itself knows nothing of core or the database): RealtimeAccess answered by
// @notes/core's reads, and the database's `notes_events` channel (Postgres
// LISTEN, or the embedded database's in-process NOTIFY) fed into the relay. A
// re-established LISTEN triggers a resync, since events may have been missed.
import { EVENTS_CHANNEL, redeemTicket, relayAccess } from "@notes/core";
import type { Database, Db } from "@notes/db";
import type { RealtimeAccess, RealtimeEvent, RealtimeLog } from "@notes/realtime";

export function coreAccess(db: Db): RealtimeAccess {
  return {
    redeemTicket: (ticket, want) => redeemTicket(db, ticket, want),
    accountsAt: (noteId, seq) => relayAccess.accountsAt(db, noteId, seq),
    liveRoles: (noteId) => relayAccess.liveRoles(db, noteId),
    liveSessions: (ids) => relayAccess.liveSessions(db, ids),
    latestSeq: () => relayAccess.latestSeq(db),
    bridgeMessage: (seq) => relayAccess.bridgeMessage(db, seq),
    bridgeAudience: (ids) => relayAccess.bridgeAudience(db, ids),
  };
}

export interface EventSink {
  dispatch(event: RealtimeEvent): void;
  resync(): Promise<void>;
}

/** Subscribes `sink` to the database's events; answers the unsubscribe. */
export async function followEvents(
  database: Database,
  sink: EventSink,
  log: RealtimeLog,
): Promise<() => Promise<void>> {
  let listening = 0;
  return database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      try {
        sink.dispatch(JSON.parse(payload) as RealtimeEvent);
      } catch (error) {
        log.error({ err: error }, "unreadable realtime event");
      }
    },
    () => {
      if (listening++ === 0) return;
      log.warn({}, "event stream re-established; resyncing sockets");
      // The listener's connection was lost, so the pool's may be dead without
      // knowing it yet (replaceable-pool.ts): admissions get fresh ones.
      database.discardConnections();
      sink.resync().catch((error: unknown) => log.error({ err: error }, "resync failed"));
    },
  );
}
