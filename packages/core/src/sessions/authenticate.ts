// Resolves a bearer token to its session. One read per request: the idle
// lifetime slides at most once a minute (so most requests write nothing), and the
// per-account request limit is spent from a leased budget (request-budget.ts).
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Caller, Core } from "../core";
import { noSession, rateLimited } from "../errors";
import { hashToken } from "../shared/secrets";
import { ABSOLUTE_DAYS, IDLE_DAYS } from "./lifetimes";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function bearerToken(authorization: string | null): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export async function authenticate(core: Core, authorization: string | null): Promise<Caller> {
  const token = bearerToken(authorization);
  if (token === undefined) throw noSession(authorization !== null);
  if (!TOKEN.test(token)) throw noSession(true);
  const [row] = await rows<{ session_id: string; account_id: string }>(
    core.db,
    sql`
      with s as (
        select id, account_id, last_used_at from sessions
        where token_hash = ${hashToken(token)}
          and last_used_at > now() - make_interval(days => ${IDLE_DAYS})
          and created_at > now() - make_interval(days => ${ABSOLUTE_DAYS})
      ), touch as (
        update sessions set last_used_at = now()
        where id in (select id from s where last_used_at < now() - interval '1 minute')
      )
      select id as session_id, account_id from s`,
  );
  if (!row) throw noSession(true);
  const spent = await core.requestBudget.spend(row.account_id);
  if (!spent.ok) throw rateLimited(spent.retryAfter);
  return { sessionId: row.session_id, accountId: row.account_id };
}
