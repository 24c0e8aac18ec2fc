// Finds out, at start, whether a Postgres URL goes through a transaction-mode
// pooler, whatever the URL says. Behind one, consecutive statements of one client
// connection may run on different server connections, and a server connection
// serves several clients in turn; directly (or behind a session-mode pooler) a
// client connection keeps one backend for its life. So: two client connections,
// A and B. A reads its backend pid; B opens a transaction (which pins a server
// connection while it lasts) and reads its pid; A reads its pid again. Directly,
// B's pid differs from A's and A's stays the same. Behind a transaction pooler, B
// is usually handed the server connection A just released (PgBouncer reuses the
// most recent one first), or A's second statement runs on another one (or waits
// for one, when B holds the last: then it runs on B's after B commits). Three
// rounds make a coincidence of a pooler choosing at random unlikely.
//
// The probe also finds out whether the session limits (postgres.ts) can be sent as
// startup parameters: it connects with them first, and without them when refused.
import postgres from "postgres";

const ROUNDS = 3;
/** How long A's second read may wait while B holds its transaction (see above). */
const WAIT_MS = 500;

type Reserved = postgres.ReservedSql;

const backendPid = async (sql: Reserved) =>
  Number((await sql<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]?.pid);

/** One round: true when the two connections show a pooler's hand. */
async function round(a: Reserved, b: Reserved): Promise<boolean> {
  const first = await backendPid(a);
  await b`begin`;
  let open = true;
  const commit = async () => {
    if (open) await b`commit`;
    open = false;
  };
  try {
    if ((await backendPid(b)) === first) return true;
    const again = backendPid(a);
    // A pooler with no free server connection makes A wait for B's commit.
    const early = await Promise.race([again, new Promise((r) => setTimeout(r, WAIT_MS))]);
    if (early !== undefined) return early !== first;
    await commit();
    return (await again) !== first;
  } finally {
    await commit();
  }
}

export interface PostgresProbe {
  /** A transaction-mode pooler is between us and Postgres. */
  transactionPooler: boolean;
  /**
   * The session limits can go as startup parameters. PgBouncer (any pool mode)
   * refuses a connection with one it does not track ("unsupported startup parameter").
   */
  takesStartupLimits: boolean;
}

const refusesParameter = (error: unknown) =>
  error instanceof Error && /unsupported startup parameter/i.test(error.message);

/** Probes `url` (without `pgbouncer=true`): see the header. */
export async function probePostgres(
  url: string,
  startupLimits: Record<string, number>,
): Promise<PostgresProbe> {
  try {
    return { transactionPooler: await probe(url, startupLimits), takesStartupLimits: true };
  } catch (error) {
    if (!refusesParameter(error)) throw error;
    return { transactionPooler: await probe(url, {}), takesStartupLimits: false };
  }
}

async function probe(url: string, connection: Record<string, number>): Promise<boolean> {
  const sql = postgres(url, {
    max: 2,
    prepare: false,
    connect_timeout: 5,
    idle_timeout: 1,
    onnotice: () => {},
    connection,
  });
  try {
    const a = await sql.reserve();
    const b = await sql.reserve();
    try {
      for (let i = 0; i < ROUNDS; i++) if (await round(a, b)) return true;
      return false;
    } finally {
      a.release();
      b.release();
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export const UNFLAGGED_POOLER_MESSAGE =
  "DATABASE_URL goes through a transaction-mode pooler (one connection's statements ran on different Postgres backends) but does not say so: running in pooled mode (no prepared statements, nothing that outlives a transaction). Add pgbouncer=true to the URL (or DATABASE_POOLED=true) to say so, and DATABASE_DIRECT_URL for migrations and the session cache.";
