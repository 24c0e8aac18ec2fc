// The ceiling of Postgres NOTIFY as the event path, without the app around it:
// events are sent open-loop at a target rate, each `pg_notify` in a transaction of
// its own (as access changes are announced) or batched the way the announcer sends
// appends', with a payload the size of the app's events; two
// listeners (as two sidecars) hear every event. A sample is the time from when an
// event was due to be sent to when a listener got it, so a backlog on the sending
// side counts. The rate doubles each step until the median passes 100 ms or
// fewer than 90% of the due events arrive in the step.
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { percentile } from "../load";

/** One transaction per event (access changes), or batched as the announcer sends appends'. */
export type NotifyShape = "per-transaction" | "batched";

export interface NotifyStep {
  target: number;
  delivered: number;
  p50: number;
  p95: number;
}

const CHANNEL = "notes_bench_scale";
const STEP_SECONDS = 2;
const TICK_MS = 5;
const LIMIT_MS = 100;

async function step(
  publisher: postgres.Sql,
  heard: { onEvent: ((sentAt: number) => void) | undefined },
  target: number,
  shape: NotifyShape,
): Promise<NotifyStep> {
  const latencies: number[] = [];
  heard.onEvent = (sentAt) => latencies.push(performance.now() - sentAt);
  const started = performance.now();
  const sends: Promise<unknown>[] = [];
  // The announcer's shape (packages/core/src/realtime/announcer.ts): while one
  // flush is in flight, events queue and leave together in the next, up to 500 in
  // one transaction committed without waiting for the disk.
  const queue: string[] = [];
  let flushing: Promise<void> | undefined;
  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, 500);
      await publisher`
        with async_commit as (select set_config('synchronous_commit', 'off', true))
        select pg_notify(${CHANNEL}, e.payload)
          from async_commit, jsonb_array_elements_text(${JSON.stringify(batch)}::text::jsonb)
               with ordinality as e(payload, ord)
         order by e.ord`.catch(() => undefined);
    }
    flushing = undefined;
  };
  let due = 0;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      if (elapsed >= STEP_SECONDS * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      due = Math.floor((elapsed / 1000) * target);
      for (; sent < due; sent++) {
        const dueAt = started + (sent / target) * 1000;
        const payload = JSON.stringify({
          type: "change",
          seq: String(sent),
          noteId: randomUUID(),
          accountId: randomUUID(),
          sentAt: dueAt,
        });
        if (shape === "per-transaction")
          sends.push(publisher`select pg_notify(${CHANNEL}, ${payload})`.catch(() => undefined));
        else {
          queue.push(payload);
          flushing ??= drain();
        }
      }
    }, TICK_MS);
  });
  const deadline = performance.now() + 5_000;
  await Promise.race([Promise.all([...sends, flushing]), new Promise((r) => setTimeout(r, 5_000))]);
  // Two listeners: every event is heard twice.
  while (latencies.length < sent * 2 && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const inTime = performance.now() - started;
  heard.onEvent = undefined;
  latencies.sort((a, b) => a - b);
  return {
    target,
    delivered: latencies.length / 2 / (Math.max(inTime, STEP_SECONDS * 1000) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

export async function notifyCeiling(
  databaseUrl: string,
  shape: NotifyShape,
): Promise<NotifyStep[]> {
  const heard: { onEvent: ((sentAt: number) => void) | undefined } = { onEvent: undefined };
  const listeners = [0, 1].map(() =>
    postgres(databaseUrl, { max: 1, onnotice: () => {}, fetch_types: false }),
  );
  for (const listener of listeners)
    await listener.listen(CHANNEL, (payload) =>
      heard.onEvent?.((JSON.parse(payload) as { sentAt: number }).sentAt),
    );
  // As many connections as three instances' appends would commit on at once.
  const publisher = postgres(databaseUrl, { max: 10, onnotice: () => {}, fetch_types: false });
  const steps: NotifyStep[] = [];
  try {
    for (let target = 250; target <= 64_000; target *= 2) {
      const result = await step(publisher, heard, target, shape);
      steps.push(result);
      if (result.p50 > LIMIT_MS || result.delivered < target * 0.9) break;
    }
  } finally {
    await publisher.end({ timeout: 2 });
    await Promise.all(listeners.map((l) => l.end({ timeout: 2 })));
  }
  return steps;
}

/** The highest delivered rate of a step that stayed within the limit. */
export function ceilingOf(steps: NotifyStep[]): NotifyStep | undefined {
  return steps.filter((s) => s.p50 <= LIMIT_MS && s.delivered >= s.target * 0.9).at(-1);
}
