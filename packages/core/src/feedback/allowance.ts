// The feedback allowance (contract.md §6, §11): 12 messages per rolling 365 days
// per account. A product allowance, not a rate limit: RATE_LIMIT_SCALE does not
// touch it. The next slot frees when the oldest message in the window turns a
// year old.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Caller } from "../types";

export const FEEDBACK_LIMIT = 12;
export const FEEDBACK_WINDOW_DAYS = 365;

export interface Allowance {
  limit: number;
  used: number;
  remaining: number;
  windowDays: number;
  nextFreesAt?: string;
}

export async function feedbackAllowance(q: Queryable, caller: Caller): Promise<Allowance> {
  const [row] = await rows<{ used: number | string; oldest: Date | string | null }>(
    q,
    sql`select count(*) as used, min(created_at) as oldest from feedback
        where account_id = ${caller.accountId}
          and created_at > now() - make_interval(days => ${FEEDBACK_WINDOW_DAYS})`,
  );
  const used = Number(row?.used ?? 0);
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    limit: FEEDBACK_LIMIT,
    used,
    remaining: Math.max(0, FEEDBACK_LIMIT - used),
    windowDays: FEEDBACK_WINDOW_DAYS,
    ...(oldest && {
      nextFreesAt: new Date(oldest.getTime() + FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString(),
    }),
  };
}
