// Resolves a bearer token to its session. At most one read per request, none while
// the session is in the process's cache (session-cache.ts); the idle lifetime
// slides at most once a minute (so most requests write nothing), and the
// per-account request limit is spent from a leased budget (request-budget.ts).
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { noSession, rateLimited } from "../errors";
import { hashToken, isTokenShaped } from "../shared/secrets";
import type { Caller } from "../types";
import { ABSOLUTE_DAYS, IDLE_DAYS } from "./lifetimes";

export function bearerToken(authorization: string | null): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * `allowLimited`: a session minted by a device link may only claim that link
 * (contract.md §4); everywhere else it is not a valid token. Once its link has
 * expired unclaimed it is not valid anywhere.
 */
export async function authenticate(
  core: Core,
  authorization: string | null,
  options: { allowLimited?: boolean } = {},
): Promise<Caller> {
  const token = bearerToken(authorization);
  if (token === undefined) throw noSession(authorization !== null);
  if (!isTokenShaped(token)) throw noSession(true);
  const hash = hashToken(token);
  const cacheKey = Buffer.from(hash).toString("base64");
  const cached = core.sessionCache?.get(cacheKey);
  if (cached) return spend(core, { sessionId: cached.sessionId, accountId: cached.accountId });
  const [row] = await rows<{ session_id: string; account_id: string; limited: boolean }>(
    core.db,
    sql`
      with s as (
        select id, account_id, last_used_at, limited from sessions
        where token_hash = ${hash}
          and last_used_at > now() - make_interval(days => ${IDLE_DAYS})
          and created_at > now() - make_interval(days => ${ABSOLUTE_DAYS})
          and (not limited or exists (
            select 1 from device_links l where l.session_id = sessions.id and l.expires_at > now()))
      ), touch as (
        update sessions set last_used_at = now()
        where id in (select id from s where last_used_at < now() - interval '1 minute')
      )
      select id as session_id, account_id, limited from s`,
  );
  if (!row || (row.limited && !options.allowLimited)) throw noSession(true);
  const caller = { sessionId: row.session_id, accountId: row.account_id };
  if (row.limited) return spend(core, { ...caller, limited: true });
  core.sessionCache?.set(cacheKey, caller);
  return spend(core, caller);
}

async function spend(core: Core, caller: Caller): Promise<Caller> {
  const spent = await core.requestBudget.spend(caller.accountId);
  if (!spent.ok) throw rateLimited(spent.retryAfter);
  return caller;
}
