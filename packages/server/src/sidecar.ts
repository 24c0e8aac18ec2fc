// What the realtime sidecar (apps/realtime) runs on: its database and logger,
// opened here in the composition root so the app imports no lower layer. It
// holds a LISTEN, so it connects only directly: a URL that turns out to go
// through a transaction pooler is refused (detect-pooler.ts), with the reason.
import { type Database, openPostgres, probePostgres, STARTUP_LIMITS } from "@notes/db";
import pino from "pino";

export class SidecarRefused extends Error {}

export async function openSidecar(options: {
  directUrl: string;
  logLevel: string;
}): Promise<{ database: Database; log: pino.Logger }> {
  const probe = await probePostgres(options.directUrl, STARTUP_LIMITS);
  if (probe.transactionPooler)
    throw new SidecarRefused(
      "The sidecar's database URL goes through a transaction-mode pooler (one connection's statements ran on different Postgres backends), where its LISTEN would hear nothing. Set DATABASE_DIRECT_URL (or DATABASE_URL) to Postgres itself.",
    );
  const database = openPostgres({
    url: options.directUrl,
    poolSize: 5,
    limitsAtStartup: probe.takesStartupLimits,
  });
  return { database, log: pino({ level: options.logLevel, base: undefined }) };
}
