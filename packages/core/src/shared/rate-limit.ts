// Rate limits kept in the database so that every app instance shares them; one
// upsert per check, concurrent checks of one key in a process sharing one
// (hit-coalescer.ts); `RATE_LIMIT_SCALE` multiplies every limit. Credential limits
// use a sliding-window estimate (this window's count plus the previous window's,
// weighted by how much of it still overlaps the last minute), so a burst that
// straddles a window boundary cannot get twice the limit through.
import { type Db, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { rateLimited } from "../errors";
import type { Limit } from "../types";
import { HitCoalescer } from "./hit-coalescer";

export function allowed(core: Core, rule: Limit): number {
  return Math.max(1, Math.ceil(rule.limit * core.config.rateLimitScale));
}

/** One upsert that adds `hits` to `key`'s window (rolling the window over when it moved). */
async function addHits(db: Db, key: string, windowStart: number, windowMs: number, hits: number) {
  const [row] = await rows<{ count: number; prev_count: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count, prev_count)
    values (${key}, ${windowStart}, ${hits}, 0)
    on conflict (key) do update set
      prev_count = case when rate_limits.window_start = excluded.window_start
                        then rate_limits.prev_count
                        when rate_limits.window_start = excluded.window_start - ${windowMs}
                        then rate_limits.count else 0 end,
      count = case when rate_limits.window_start = excluded.window_start
                   then rate_limits.count + ${hits} else ${hits} end,
      window_start = excluded.window_start
    returning count, prev_count`,
  );
  return { count: row?.count ?? hits, previous: row?.prev_count ?? 0 };
}

/** One coalescer per database handle, i.e. per process (hit-coalescer.ts). */
const coalescers = new WeakMap<Db, HitCoalescer>();

function coalescerFor(db: Db): HitCoalescer {
  let coalescer = coalescers.get(db);
  if (!coalescer) {
    coalescer = new HitCoalescer((key, windowStart, windowMs, hits) =>
      addHits(db, key, windowStart, windowMs, hits),
    );
    coalescers.set(db, coalescer);
  }
  return coalescer;
}

/** Counts a hit and throws rate-limited (with Retry-After) once the limit is passed. */
export async function enforce(core: Core, key: string, rule: Limit, nowMs = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const counted = await coalescerFor(core.db).hit(key, windowStart, windowMs);
  const state = {
    count: counted.count,
    previous: counted.previous,
    elapsed: (nowMs - windowStart) / windowMs,
  };
  const limit = allowed(core, rule);
  if (slidingEstimate(state) > limit)
    throw rateLimited(slidingRetryAfter(state, limit, rule.windowSeconds));
}

/**
 * Throws rate-limited when one more hit on `key` would pass the limit, counting
 * nothing: for limits that count only failures, checked before the attempt.
 */
export async function refuseIfSpent(core: Core, key: string, rule: Limit, nowMs = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const [row] = await rows<{ count: number; prev_count: number; window_start: string | number }>(
    core.db,
    sql`select count, prev_count, window_start from rate_limits where key = ${key}`,
  );
  const started = Number(row?.window_start ?? Number.NaN);
  const state = {
    count: (started === windowStart ? (row?.count ?? 0) : 0) + 1,
    previous:
      started === windowStart
        ? (row?.prev_count ?? 0)
        : started === windowStart - windowMs
          ? (row?.count ?? 0)
          : 0,
    elapsed: (nowMs - windowStart) / windowMs,
  };
  const limit = allowed(core, rule);
  if (slidingEstimate(state) > limit)
    throw rateLimited(slidingRetryAfter(state, limit, rule.windowSeconds));
}

interface WindowState {
  /** Hits in the current window, this one included. */
  count: number;
  /** Hits in the window before it. */
  previous: number;
  /** How far into the current window we are, 0 to 1. */
  elapsed: number;
}

/** Hits within the last window's length, estimated. */
export function slidingEstimate({ count, previous, elapsed }: WindowState): number {
  return previous * (1 - elapsed) + count;
}

/** Whole seconds until one more hit would be within `limit` again (at least 1). */
export function slidingRetryAfter(state: WindowState, limit: number, windowSeconds: number) {
  const { count, previous, elapsed } = state;
  const spare = limit - 1 - count;
  let fraction: number;
  if (spare >= 0 && previous > 0) {
    // Later in this window, once enough of the previous one has slid out.
    fraction = Math.max(0, 1 - elapsed - spare / previous);
  } else {
    // In the next window, once enough of this one has slid out.
    fraction = 1 - elapsed + Math.max(0, 1 - (limit - 1) / count);
  }
  return Math.max(1, Math.ceil(fraction * windowSeconds));
}
