// The relay's public face: vets an HTTP upgrade (path, Origin, ticket present),
// completes it with ws, and wires the modules that admit sockets, relay rooms,
// dispatch events, keep sockets alive and resync after an interrupted stream.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { beginAdmission } from "./admission";
import type { RelayContext } from "./context";
import type { RealtimeEvent } from "./deps";
import { dispatchEvent } from "./event-dispatch";
import { CLOSE } from "./frames";
import { startLiveness } from "./liveness";
import { type RealtimeOptions, resolveSettings } from "./options";
import { parseTarget } from "./paths";
import { refuseUpgrade } from "./refuse-upgrade";
import { Registry } from "./registry";
import { RelaySocket } from "./relay-socket";
import { resync } from "./resync";
import { socketEvents } from "./socket-events";

export interface RealtimeStats {
  feedSockets: number;
  roomSockets: number;
  rooms: number;
}

export interface Realtime {
  /** True when the path is one of ours: /v1/feed or /v1/rooms/{uuid}. */
  handles(pathname: string): boolean;
  /** For a node http server's 'upgrade' event: `server.on("upgrade", rt.handleUpgrade)`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Feeds one announced event in (LISTEN/NOTIFY or the in-process bus). */
  dispatch(event: RealtimeEvent): void;
  /** After an interrupted event stream: re-validate sockets, tell feeds to pull. Never rejects. */
  resync(): Promise<void>;
  stats(): RealtimeStats;
  /** Closes every socket (1001) and stops the timer. */
  close(): Promise<void>;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const settings = resolveSettings(options);
  const registry = new Registry(settings.maxBufferedBytes, settings.log);
  const ctx: RelayContext = { registry, settings, resyncs: 0 };
  const events = socketEvents(registry, settings.log);
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: settings.maxFrameBytes,
    // The registry tracks sockets; ws's own set would be a second copy.
    clientTracking: false,
    WebSocket: RelaySocket,
  });
  const stopLiveness = startLiveness(registry, settings);
  let closed = false;

  return {
    handles: (pathname) => parseTarget(pathname) !== undefined,

    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? "/", "http://relay.invalid");
      const target = parseTarget(url.pathname);
      if (closed) return refuseUpgrade(socket, 503, settings.publicUrl);
      if (!target) return refuseUpgrade(socket, 404, settings.publicUrl);
      const origin = req.headers.origin;
      // Browsers always send Origin; a page elsewhere must not ride a user's ticket.
      if (origin !== undefined && originOf(origin) !== settings.origin) {
        return refuseUpgrade(socket, 403, settings.publicUrl);
      }
      const ticket = url.searchParams.get("ticket");
      if (!ticket) return refuseUpgrade(socket, 401, settings.publicUrl);
      wss.handleUpgrade(req, socket, head, (ws) => beginAdmission(ws, target, ticket, ctx, events));
    },

    dispatch(event) {
      if (!closed) dispatchEvent(event, ctx);
    },

    resync: () => (closed ? Promise.resolve() : resync(ctx)),

    stats: () => ({
      feedSockets: registry.feedSockets,
      roomSockets: registry.roomSockets,
      rooms: registry.rooms.size,
    }),

    async close() {
      if (closed) return;
      closed = true;
      stopLiveness();
      const sockets = [...registry.pending, ...registry.open, ...registry.closing];
      for (const ws of sockets) registry.drop(ws, CLOSE.goingAway, "server shutting down");
      await closedWithin(sockets, settings.closeGraceMs);
      wss.close();
    },
  };
}

function originOf(header: string): string | undefined {
  try {
    return new URL(header).origin;
  } catch {
    return undefined; // "null" and other opaque origins match nothing
  }
}

/** Waits for the sockets to close, terminating those still open after the grace. */
async function closedWithin(sockets: RelaySocket[], graceMs: number): Promise<void> {
  const open = sockets.filter((ws) => ws.readyState !== ws.CLOSED);
  if (open.length === 0) return;
  const timer = setTimeout(() => {
    for (const ws of open) ws.terminate();
  }, graceMs);
  await Promise.all(open.map((ws) => new Promise((resolve) => ws.once("close", resolve))));
  clearTimeout(timer);
}
