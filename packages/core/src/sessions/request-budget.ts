// The per-account request limit (1,200 a minute), shared by every instance
// through the database counter, without a database write per request: an
// instance leases a chunk of the window's budget at a time (the lease is counted
// in the database at once), then spends it locally. Leased but unspent requests
// are lost at the window's end, so the limit errs on the strict side, never over.
import { type Db, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Limit } from "../types";

/** The SQL that counts `hits` for `key` in the current window and returns the new count. */
function countHit(key: string, rule: Limit, nowMs = Date.now(), hits = 1) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const query = sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}, ${hits})
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start
                   then rate_limits.count + ${hits} else ${hits} end,
      window_start = excluded.window_start
    returning count`;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000));
  return { query, retryAfter, windowStart };
}

const CHUNK = 20;

interface Lease {
  windowStart: number;
  remaining: number;
  /** The shared budget of this window is spent: refuse without asking again. */
  exhausted: boolean;
}

export class RequestBudget {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly db: Db,
    private readonly rule: Limit,
    private readonly allowed: number,
  ) {}

  /** Spends one request of the account's budget; false when the limit is reached. */
  async spend(accountId: string, nowMs = Date.now()): Promise<{ ok: boolean; retryAfter: number }> {
    const { query, retryAfter, windowStart } = countHit(
      `account:${accountId}`,
      this.rule,
      nowMs,
      CHUNK,
    );
    let lease = this.leases.get(accountId);
    if (!lease || lease.windowStart !== windowStart) {
      lease = { windowStart, remaining: 0, exhausted: false };
      this.leases.set(accountId, lease);
      if (this.leases.size > 50_000) this.evict(windowStart);
    }
    if (lease.remaining === 0) {
      if (lease.exhausted) return { ok: false, retryAfter };
      // Concurrent requests may lease at once: each lease adds what it was granted.
      const [row] = await rows<{ count: number }>(this.db, query);
      const before = (row?.count ?? CHUNK) - CHUNK;
      const granted = Math.max(0, Math.min(CHUNK, this.allowed - before));
      lease.remaining += granted;
      if (granted === 0) lease.exhausted = true;
      if (lease.remaining === 0) return { ok: false, retryAfter };
    }
    lease.remaining -= 1;
    return { ok: true, retryAfter };
  }

  private evict(currentWindow: number) {
    for (const [key, lease] of this.leases)
      if (lease.windowStart !== currentWindow) this.leases.delete(key);
  }
}
