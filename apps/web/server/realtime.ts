// Embedded mode serves the realtime paths (/v1/feed, /v1/rooms/{id}) on the app's
// own port: this process owns the database, and its NOTIFYs reach the relay in
// process. In Postgres mode the sidecar (`pnpm realtime`) serves them instead, for
// every app instance at once, and this returns undefined.
import type { Server } from "node:http";
import { coreAccess, createRealtime, followEvents } from "@notes/realtime";
import type { Backend } from "./backend";

export interface AttachedRealtime {
  close(): Promise<void>;
}

export async function attachRealtime(
  server: Server,
  backend: Backend,
  otherUpgrades?: (
    req: import("node:http").IncomingMessage,
    socket: import("node:stream").Duplex,
    head: Buffer,
  ) => void,
): Promise<AttachedRealtime | undefined> {
  if (backend.database.kind !== "embedded") {
    if (otherUpgrades) server.on("upgrade", otherUpgrades);
    return undefined;
  }
  const { core, database } = backend;
  const realtime = createRealtime({
    access: coreAccess(core.db),
    log: core.log,
    publicUrl: core.config.publicUrl,
  });
  const unfollow = await followEvents(database, realtime, core.log);
  server.on("upgrade", (req, socket, head) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (realtime.handles(pathname)) realtime.handleUpgrade(req, socket, head);
    else if (otherUpgrades) otherUpgrades(req, socket, head);
    else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
  });
  return {
    async close() {
      await realtime.close();
      await unfollow();
    },
  };
}
