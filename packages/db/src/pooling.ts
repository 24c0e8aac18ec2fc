// How the app learns that DATABASE_URL goes through a transaction-mode pooler
// (PgBouncer `pool_mode = transaction`, Supavisor, a hosted "pooled" URL): either
// DATABASE_POOLED=true, or `pgbouncer=true` in the URL, as Prisma and Supabase spell
// it. Behind such a pooler consecutive transactions of one client may run on
// different server connections, so nothing may outlive a transaction: no prepared
// statements, no session advisory locks, no LISTEN (see postgres.ts).
//
// Dependency-free on purpose: the apps' env.ts files import it, and one of them
// is loaded by Next's proxy, which must not pull in the database drivers.

const PARAM = "pgbouncer";

export interface PostgresTarget {
  /** The URL to connect to, without the `pgbouncer` parameter. */
  url: string;
  pooled: boolean;
}

/**
 * The URL without its `pgbouncer` parameter, and whether it said `true`. The
 * parameter must go: postgres.js passes unknown URL parameters on to the server as
 * startup parameters, and PgBouncer refuses the connection over one it does not know.
 * The rest of the URL is kept byte for byte (it may list several hosts, which the
 * WHATWG URL parser refuses).
 */
export function withoutPoolerParam(url: string): { url: string; saysPooled: boolean } {
  const at = url.indexOf("?");
  if (at < 0) return { url, saysPooled: false };
  let saysPooled = false;
  const kept = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => {
      const [key = "", value = ""] = pair.split("=");
      if (decodeURIComponent(key) !== PARAM) return true;
      saysPooled = decodeURIComponent(value) === "true";
      return false;
    });
  return { url: url.slice(0, at) + (kept.length ? `?${kept.join("&")}` : ""), saysPooled };
}

/** An explicit DATABASE_POOLED wins; otherwise the URL's `pgbouncer=true` decides. */
export function postgresTarget(url: string, pooledFlag?: boolean): PostgresTarget {
  const { url: clean, saysPooled } = withoutPoolerParam(url);
  return { url: clean, pooled: pooledFlag ?? saysPooled };
}

/**
 * Whether a URL asks for `target_session_attrs=read-write`. postgres.js (3.4)
 * judges read-write by the server's `default_transaction_read_only` alone, which a
 * hot standby reports as `off`: with that setting it connects to a standby and
 * every write fails there. `primary` checks `in_hot_standby` and skips standbys,
 * which is what a multi-host URL for failover needs; env.ts refuses the other.
 */
export function asksReadWrite(url: string): boolean {
  const at = url.indexOf("?");
  if (at < 0) return false;
  return url
    .slice(at + 1)
    .split("&")
    .some((pair) => {
      const [key = "", value = ""] = pair.split("=");
      return (
        decodeURIComponent(key) === "target_session_attrs" &&
        decodeURIComponent(value) === "read-write"
      );
    });
}

export const READ_WRITE_MESSAGE =
  "target_session_attrs=read-write lets postgres.js connect to a hot standby; use target_session_attrs=primary";
