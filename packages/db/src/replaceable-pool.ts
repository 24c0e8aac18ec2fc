// A postgres.js pool that can be swapped for a fresh one under the same handle.
//
// When the database drops its connections (a restart, a failover, an operator's
// pg_terminate_backend), postgres.js notices a dead connection only when it next
// uses it: measured here, one connection of a ten-connection pool still answered
// "terminating connection due to administrator command" to the first query sent
// on it seconds after every other request succeeded again. So after a
// connection-level failure the caller replaces the whole pool: queries already
// running finish on the old one (ended with a grace period), every later query
// gets a new connection.
import type postgres from "postgres";

export interface ReplaceablePool {
  /** Stands for whichever pool is current; hand this to drizzle. */
  readonly sql: postgres.Sql;
  /** Starts a new pool for every later query; the old one ends once its queries finish. */
  replace(): void;
  end(): Promise<void>;
}

const GRACE_SECONDS = 5;

export function replaceablePool(open: () => postgres.Sql): ReplaceablePool {
  let current = open();
  const sql = new Proxy(current, {
    apply: (_target, _this, args) => (current as (...a: unknown[]) => unknown)(...args),
    get(_target, property) {
      const value = Reflect.get(current, property);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
  return {
    sql,
    replace() {
      const old = current;
      current = open();
      // drizzle adjusts the first pool's parsers and serializers (dates stay text,
      // JSON is sent as given), and postgres.js adds the array types it fetched:
      // the new pool must read and write values the same way.
      Object.assign(current.options.parsers, old.options.parsers);
      Object.assign(current.options.serializers, old.options.serializers);
      void old.end({ timeout: GRACE_SECONDS }).catch(() => {});
    },
    end: () => current.end({ timeout: GRACE_SECONDS }),
  };
}
