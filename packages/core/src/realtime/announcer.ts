// Announcements of the hot write paths (appends and creations), sent after
// their transaction committed instead of inside it. Postgres serializes the commits
// of every transaction that NOTIFYs (one queue lock held through the WAL flush), so
// a NOTIFY in each append halved its throughput. Here, while one NOTIFY round trip
// is in flight, further announcements queue and leave together in the next: one
// transaction of several notifications, committed without waiting for the disk
// (a notification needs no durability). Payloads are unchanged, so the relay reads
// them as before.
//
// Only after commit, so never for a change that rolled back. A process that dies
// between its commit and the flush loses those announcements: clients then learn
// of the change at their next sync (a feed greets every (re)connection with the
// latest seq). Access changes (roster, deletion, revocation) and the rarer writes
// are still announced inside their transaction.
import type { Queryable } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Log } from "../types";
import { type Announcement, EVENTS_CHANNEL } from "./announce";

/** Most notifications per flush (each payload is under 200 bytes; one statement). */
const BATCH = 500;

export class Announcer {
  private queue: string[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly log: Log,
  ) {}

  /** Queues `event`; it leaves with the next flush (at once when none is in flight). */
  announce(event: Announcement): void {
    this.queue.push(JSON.stringify(event));
    this.flushing ??= this.drain();
  }

  /** Resolves once everything announced so far has been sent (or given up). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await this.db.execute(sql`
            with async_commit as (select set_config('synchronous_commit', 'off', true))
            select pg_notify(${EVENTS_CHANNEL}, e.payload)
              from async_commit, jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb)
                   with ordinality as e(payload, ord)
             order by e.ord`);
        } catch (error) {
          // The database is unreachable: the relay's LISTEN is down too, and it
          // resyncs every socket when it is back, so nothing is retried here.
          this.log.warn({ err: error, dropped: batch.length }, "announcements not sent");
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}
