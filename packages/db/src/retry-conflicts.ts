// A transaction (or a single statement) that Postgres aborted with a deadlock or
// serialization failure did nothing, so it is run again, a bounded number of times
// with a short jittered pause, before any answer leaves. Only when the retries are
// exhausted does the caller see the error (503 at-capacity, with a detail saying so).
import type { Db } from "./database";

const CONFLICT_CODES = new Set(["40001", "40P01"]);
export const CONFLICT_ATTEMPTS = 4;

export function isWriteConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONFLICT_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function retryConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isWriteConflict(error)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/** Makes `db.transaction` and top-level `db.execute` retry conflicts (Postgres mode). */
export function retryingConflicts(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const execute = db.execute.bind(db);
  return Object.assign(db, {
    transaction: ((...args: Parameters<Db["transaction"]>) =>
      retryConflicts(() => transaction(...args))) as Db["transaction"],
    execute: ((...args: Parameters<Db["execute"]>) =>
      retryConflicts(() => execute(...args))) as Db["execute"],
  });
}
