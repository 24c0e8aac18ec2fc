// Delivers stored feedback to the operator's channel (FEEDBACK_WEBHOOK_URL, a
// `{"text": …}` JSON POST) from the durable outbox: each message is claimed with
// FOR UPDATE SKIP LOCKED (so several instances never send one twice at once),
// posted, and marked delivered; a failure schedules a retry with exponential
// backoff (capped), so a webhook that is down loses nothing. Without a webhook the
// messages wait in the outbox for the operator's CLI.
import { type Db, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Log } from "../core";

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

  private async deliverOne(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [due] = await rows<{ id: string; category: string; message: string; attempts: number }>(
        tx,
        sql`select id, category, message, attempts from feedback
            where delivered_at is null and next_attempt_at <= now()
            order by next_attempt_at limit 1 for update skip locked`,
      );
      if (!due) return false;
      const text = `Feedback (${due.category}): ${due.message}`;
      try {
        const res = await (this.options.fetch ?? fetch)(this.options.webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`webhook answered ${res.status}`);
        await tx.execute(sql`update feedback set delivered_at = now(), attempts = attempts + 1,
                             last_error = null where id = ${due.id}`);
      } catch (error) {
        const delay = Math.min(
          this.options.maxDelayMs ?? 3_600_000,
          (this.options.baseDelayMs ?? 5_000) * 2 ** due.attempts,
        );
        await tx.execute(sql`update feedback set attempts = attempts + 1,
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
      return true;
    });
  }
}
