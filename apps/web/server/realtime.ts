// Embedded mode serves the realtime paths (/v1/feed, /v1/rooms/{id}) on the app's
// own port: this process owns the database, and its NOTIFYs reach the relay in
// process. In Postgres mode the sidecar (`pnpm realtime`) serves them instead, for
// every app instance at once, and this returns undefined. The wiring is
// @notes/server's startRelay, the same the sidecar runs.
import type { Server } from "node:http";
import { type Backend, type Relay, startRelay, type UpgradeHandler } from "@notes/server";

export async function attachRealtime(
  server: Server,
  backend: Backend,
  otherUpgrades?: UpgradeHandler,
): Promise<Relay | undefined> {
  if (backend.database.kind !== "embedded") {
    if (otherUpgrades) server.on("upgrade", otherUpgrades);
    return undefined;
  }
  const relay = await startRelay(backend.database, backend.core.log, backend.core.config.publicUrl);
  server.on("upgrade", relay.upgrade(otherUpgrades));
  return relay;
}
