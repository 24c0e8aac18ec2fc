// Delivers stored feedback to the operator's channel (FEEDBACK_WEBHOOK_URL, a
// `{"text": …}` JSON POST, escaped for Slack-style channels) from the durable
// outbox: each message is claimed for a lease (so several instances never send one
// twice at once), posted outside any transaction, and marked delivered; a failure
// schedules a retry with exponential backoff (capped), so a webhook that is down
// loses nothing. Without a webhook the messages wait in the outbox for the
// operator's CLI.
import { type Db, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Log } from "../types";
import { feedbackLine } from "./slack-text";

/** How long one webhook call may take. */
const TIMEOUT_MS = 10_000;
/** How long a claimed message stays with its sender: well past TIMEOUT_MS. */
const LEASE_SECONDS = 60;

export interface FeedbackRelayOptions {
  webhookUrl: string;
  /** First retry delay; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often the outbox is checked when nothing woke the relay. */
  pollMs?: number;
  fetch?: typeof fetch;
}

export class FeedbackRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** When a failed delivery is due again, if sooner than the next poll. */
  private retryInMs: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: FeedbackRelayOptions,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** A message was stored: deliver now rather than at the next poll. */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running ??= this.drain().finally(() => {
        this.running = undefined;
        const poll = this.options.pollMs ?? 5_000;
        if (!this.stopped) this.schedule(Math.min(poll, this.retryInMs ?? poll));
        this.retryInMs = undefined;
      });
    }, ms);
    this.timer.unref();
  }

  /** Sends every message that is due, one at a time. */
  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliverOne())) {
        // next
      }
    } catch (error) {
      this.log.warn({ err: error }, "feedback relay: outbox unavailable");
    }
  }

  /**
   * Claims one due message, posts it, records the outcome: three short steps, no
   * transaction or row lock held across the HTTP call (up to 10 s; with the embedded
   * database's one connection that would stall every request meanwhile). The claim
   * pushes the message's next attempt a lease into the future, so no other instance
   * takes it while this one is sending; if this process dies mid-call, the lease
   * runs out and it is sent again (at least once, as before).
   */
  private async deliverOne(): Promise<boolean> {
    const [due] = await rows<{ id: string; category: string; message: string; attempts: number }>(
      this.db,
      sql`update feedback set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          where id = (select id from feedback
                      where delivered_at is null and next_attempt_at <= now()
                      order by next_attempt_at limit 1 for update skip locked)
          returning id, category, message, attempts`,
    );
    if (!due) return false;
    try {
      const res = await (this.options.fetch ?? fetch)(this.options.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: feedbackLine(due.category, due.message) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    } catch (error) {
      const delay = Math.min(
        this.options.maxDelayMs ?? 3_600_000,
        (this.options.baseDelayMs ?? 5_000) * 2 ** due.attempts,
      );
      await this.db.execute(sql`update feedback set attempts = attempts + 1,
                           last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)},
                           next_attempt_at = now() + make_interval(secs => ${delay / 1000})
                           where id = ${due.id}`);
      this.retryInMs = Math.min(this.retryInMs ?? delay, delay);
      this.log.warn(
        { err: error, attempts: due.attempts + 1 },
        "feedback relay: delivery failed; will retry",
      );
      return false;
    }
    await this.db.execute(sql`update feedback set delivered_at = now(), attempts = attempts + 1,
                         last_error = null where id = ${due.id}`);
    return true;
  }
}
