// The realtime relay's wiring, once for both places that serve it: the sidecar
// (apps/realtime, Postgres mode, one process for every app instance) and the
// self-hosted server in embedded mode (it owns the database, so the relay runs in
// process). Either way the relay hears writes through the database's
// LISTEN/NOTIFY (followEvents) and takes the upgrades of its own paths.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Log } from "@notes/core";
import type { Database } from "@notes/db";
import { createRealtime, type RealtimeStats } from "@notes/realtime";
import { coreAccess, followEvents } from "./core-access";

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface Relay {
  /** Takes an upgrade to /v1/feed or /v1/rooms/{id}; anything else goes to `otherwise` or is refused with 404. */
  upgrade(otherwise?: UpgradeHandler): UpgradeHandler;
  /** Sockets and rooms open now (the sidecar's /health). */
  stats(): RealtimeStats;
  close(): Promise<void>;
}

export async function startRelay(database: Database, log: Log, publicUrl: string): Promise<Relay> {
  const realtime = createRealtime({ access: coreAccess(database.db), log, publicUrl });
  const unfollow = await followEvents(database, realtime, log);
  return {
    upgrade: (otherwise) => (req, socket, head) => {
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      if (realtime.handles(pathname)) realtime.handleUpgrade(req, socket, head);
      else if (otherwise) otherwise(req, socket, head);
      else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
    },
    stats: () => realtime.stats(),
    async close() {
      await realtime.close();
      await unfollow();
    },
  };
}
