// FeedSocket: the account's change feed (contract.md §7). `changes` carries the latest
// seq (pull GET /v1/changes then), `account` a profile, tier or usage change,
// `revoked` the end of this session. Reconnects with backoff and a fresh ticket; events
// sent while disconnected are lost, so pull /v1/changes on every transition to "live".
import type { ApiClient } from "../api/client";
import { Emitter } from "./emitter";
import { type FeedMessage, parseFeedMessage } from "./feed-message";
import {
  type ConnectionState,
  ReconnectingSocket,
  type ReconnectOptions,
  type StopReason,
} from "./reconnecting-socket";
import type { WebSocketConstructor } from "./web-socket";

export interface FeedSocketOptions extends ReconnectOptions {
  api: ApiClient;
  WebSocket: WebSocketConstructor;
}

export type FeedEvents = {
  state: ConnectionState;
  /** Something in the caller's sync view changed, up to this seq. */
  changes: string;
  account: undefined;
  /** A bridge transmission, as the server relays it. */
  bridge: unknown;
  /** The session was revoked; the feed is closed and will not reconnect. */
  revoked: undefined;
  /** A ticket was refused for want of a session; the feed is closed. */
  "signed-out": undefined;
};

export class FeedSocket {
  private readonly events = new Emitter<FeedEvents>();
  private readonly socket: ReconnectingSocket;

  constructor(options: FeedSocketOptions) {
    this.socket = new ReconnectingSocket(
      options.WebSocket,
      {
        ticket: () => options.api.call("notes.feedTicket", {}),
        opened: () => undefined,
        binary: () => undefined,
        text: (text) => this.receive(parseFeedMessage(text)),
        lost: () => undefined,
        state: (state) => this.events.emit("state", state),
        stopped: (reason) => this.stopped(reason),
      },
      options,
    );
  }

  get state(): ConnectionState {
    return this.socket.state;
  }

  on<K extends keyof FeedEvents>(name: K, listener: (value: FeedEvents[K]) => void): () => void {
    return this.events.on(name, listener);
  }

  connect(): void {
    this.socket.start();
  }

  close(): void {
    this.socket.stop("closed");
  }

  private receive(message: FeedMessage | undefined): void {
    if (!message) return;
    if (message.type === "changes") this.events.emit("changes", message.seq);
    else if (message.type === "account") this.events.emit("account", undefined);
    else if (message.type === "bridge") this.events.emit("bridge", message.message);
    else {
      // The 4401 that follows must not start a reconnect; the session is over.
      this.events.emit("revoked", undefined);
      this.socket.stop("signed-out");
    }
  }

  private stopped(reason: StopReason): void {
    if (reason === "signed-out") this.events.emit("signed-out", undefined);
  }
}
