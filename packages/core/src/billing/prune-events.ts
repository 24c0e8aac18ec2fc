// The applied webhook event ids (`billing_events`) only need remembering while
// Stripe may still deliver them again: it retries a delivery for up to three days.
// Ids received more than RETENTION_DAYS ago are deleted, at most once an hour per
// process, from the webhook path itself so no extra timer is needed. Beyond that
// window a very late redelivery is still harmless: the subscription's event clock
// (next-billing.ts) marks anything older than the last applied event stale.
import { billingEvents } from "@notes/db";
import { lt } from "drizzle-orm";
import type { Core } from "../core";

export const RETENTION_DAYS = 30;
const EVERY_MS = 60 * 60 * 1000;
const lastRun = new WeakMap<object, number>();

/** Deletes event ids older than the retention; returns how many went. */
export async function pruneBillingEvents(
  core: Pick<Core, "db" | "log">,
  now = new Date(),
  force = false,
): Promise<number> {
  const last = lastRun.get(core.db) ?? 0;
  if (!force && now.getTime() - last < EVERY_MS) return 0;
  lastRun.set(core.db, now.getTime());
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000);
  try {
    const gone = await core.db
      .delete(billingEvents)
      .where(lt(billingEvents.receivedAt, cutoff))
      .returning({ id: billingEvents.id });
    if (gone.length > 0) core.log.info({ pruned: gone.length }, "billing events pruned");
    return gone.length;
  } catch (error) {
    // Housekeeping: a failure here must not fail the delivery that triggered it.
    core.log.warn({ err: error }, "billing events could not be pruned");
    return 0;
  }
}
