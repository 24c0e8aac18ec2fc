// The listeners every socket shares: one function per event for the whole relay,
// with `this` as the socket, so an idle socket costs no closures of its own.
// Room frames are relayed here, synchronously and in O(peers).
import type { RawData, WebSocket } from "ws";
import type { RealtimeLog } from "./deps";
import type { Registry } from "./registry";
import { RelaySocket } from "./relay-socket";

export interface SocketEvents {
  onClose(this: WebSocket): void;
  onError(this: WebSocket, error: Error): void;
  /** Pongs and client frames are the liveness signal the idle check reads. */
  onPong(this: WebSocket): void;
  /** Feed clients have nothing to say; their frames only prove they are alive. */
  onFeedMessage(this: WebSocket): void;
  onRoomMessage(this: WebSocket, data: RawData, isBinary: boolean): void;
}

export function socketEvents(registry: Registry, log: RealtimeLog): SocketEvents {
  return {
    onClose() {
      if (!(this instanceof RelaySocket)) return;
      registry.remove(this);
      registry.closing.delete(this);
    },
    onError(error) {
      // ws closes the socket itself (1009 for an oversized frame, 1002 for a
      // protocol error); the listener only keeps the error from crashing us.
      const accountId = this instanceof RelaySocket ? this.accountId : undefined;
      log.info({ accountId, err: error.message }, "realtime socket error");
    },
    onPong() {
      if (this instanceof RelaySocket) this.lastSeen = Date.now();
    },
    onFeedMessage() {
      if (this instanceof RelaySocket) this.lastSeen = Date.now();
    },
    onRoomMessage(data, isBinary) {
      if (!(this instanceof RelaySocket)) return;
      this.lastSeen = Date.now();
      const room = this.room;
      // Text from clients means nothing in a room, and a viewer may not write:
      // both are dropped, not relayed. binaryType stays "nodebuffer", so binary
      // data is one Buffer, sent on unchanged.
      if (!isBinary || !room || this.role === "viewer" || this.phase !== "open") return;
      if (!Buffer.isBuffer(data)) return;
      for (const peer of room.sockets) if (peer !== this) registry.sendBinary(peer, data);
    },
  };
}
