// The server side of one client connection. ws builds these for us (the server's
// `WebSocket` option), so the relay's per-socket state lives on the socket itself:
// no side map to look up on every frame and no per-socket closures.
import { WebSocket } from "ws";
import type { LiveRole } from "./deps";

/** A live room: the sockets on one note in this process. */
export interface Room {
  noteId: string;
  sockets: Set<RelaySocket>;
  /** The roster check in flight, so checks on one note never overlap (see room-roster.ts). */
  checking: Promise<void> | undefined;
  /** Another roster event arrived while `checking`: check again when it ends. */
  recheck: boolean;
  /** A peers announcement is being sent (a shed socket may leave meanwhile). */
  announcing: boolean;
  /** The count changed during `announcing`: announce again so the last word is right. */
  recount: boolean;
}

export class RelaySocket extends WebSocket {
  /** pending: ticket not redeemed yet; open: in the indexes; closing: we closed it. */
  phase: "pending" | "open" | "closing" = "pending";
  accountId = "";
  sessionId = "";
  /** The room for a room socket, undefined for a feed socket. */
  room: Room | undefined = undefined;
  role: LiveRole = "viewer";
  /** Last sign of life (ms); since when it was pending or closing in those phases. */
  lastSeen = 0;
}
