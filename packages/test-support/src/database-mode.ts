// Which database the suite runs against: embedded (default) or Postgres when
// DATABASE_URL is set. Postgres runs start from an empty schema.
import postgres from "postgres";

export const databaseUrl = process.env.DATABASE_URL || undefined;
export const mode: "embedded" | "postgres" = databaseUrl ? "postgres" : "embedded";
export const TEST_SERVER_SECRET = "test-server-secret-0123456789abcdefghijklmnop";
export const TEST_OPERATOR_TOKEN = "test-operator-token-0123456789";

/** The database part of a test server's environment: Postgres when the suite runs on it. */
export function databaseEnv(): Record<string, string> {
  return databaseUrl ? { DATABASE_URL: databaseUrl, SERVER_SECRET: TEST_SERVER_SECRET } : {};
}

/** Runs `statement` on the suite's Postgres (a Postgres-only test's direct change) on one connection. */
export async function onPostgres(
  statement: (sql: postgres.Sql) => Promise<unknown>,
): Promise<void> {
  const sql = postgres(databaseUrl ?? "", { max: 1, onnotice: () => {} });
  try {
    await statement(sql);
  } finally {
    await sql.end();
  }
}

export async function resetPostgres(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
  } finally {
    await sql.end();
  }
}
