import { sql } from "drizzle-orm";
import type { Core } from "./core";
import { atCapacity } from "./errors";

/** Readiness: the database answers a trivial query, or the service is at capacity. */
export async function checkHealth(core: Core): Promise<{ status: "ok"; database: "ok" }> {
  try {
    await core.db.execute(sql`select 1`);
  } catch (error) {
    core.log.warn({ err: error }, "health check: database unreachable");
    throw atCapacity();
  }
  return { status: "ok", database: "ok" };
}
