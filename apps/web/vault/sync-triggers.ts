// What makes a Notebook sync: the change feed (contract.md §7) first — `changes`
// means pull now, and every (re)connect pulls too, since events sent while the socket
// was down are lost — then a poll, slow while the feed is live (a safety net) and
// quick while it is not (the feed may be unreachable for long: a proxy without
// WebSockets, a relay down), and the browser coming back online. The feed also
// reports profile changes and the end of the session.
import { type ApiClient, type ConnectionState, FeedSocket } from "@notes/client";
import { browserWebSocket } from "./browser-web-socket";

/** While the feed is live it announces every change; the poll is only a safety net. */
export const POLL_WHILE_LIVE_MS = 60_000;
/** Without the feed, polling is what keeps devices in step (and notices a revoked session). */
export const POLL_WITHOUT_FEED_MS = 4_000;

export interface SyncTriggerHandlers {
  sync(): void;
  online(online: boolean): void;
  feed(state: ConnectionState): void;
  /** Profile, tier or usage changed elsewhere. */
  account(): void;
  /** A bridge transmission (members with bridge access only). */
  bridge(message: unknown): void;
  /** The session was revoked (or no longer gets a ticket): sign out locally. */
  ended(): void;
}

export class SyncTriggers {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private feed: FeedSocket | undefined;
  private running = false;

  constructor(
    private readonly api: ApiClient,
    private readonly on: SyncTriggerHandlers,
  ) {}

  start(): void {
    this.running = true;
    this.on.sync();
    this.schedulePoll();
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
    const WebSocket = browserWebSocket();
    if (!WebSocket) return;
    const feed = new FeedSocket({ api: this.api, WebSocket });
    feed.on("changes", () => this.on.sync());
    feed.on("state", (state) => {
      this.on.feed(state);
      if (state === "live") this.on.sync();
      this.schedulePoll();
    });
    feed.on("account", () => this.on.account());
    feed.on("bridge", (message) => this.on.bridge(message));
    feed.on("revoked", () => this.on.ended());
    feed.on("signed-out", () => this.on.ended());
    this.feed = feed;
    feed.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
    this.feed?.close();
    this.feed = undefined;
  }

  /** (Re)arms the poll for the feed's current state. */
  private schedulePoll(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    const live = this.feed?.state === "live";
    this.timer = setTimeout(
      () => {
        this.on.sync();
        this.schedulePoll();
      },
      live ? POLL_WHILE_LIVE_MS : POLL_WITHOUT_FEED_MS,
    );
  }

  private readonly onOnline = () => {
    this.on.online(true);
    this.on.sync();
  };

  private readonly onOffline = () => this.on.online(false);
}
