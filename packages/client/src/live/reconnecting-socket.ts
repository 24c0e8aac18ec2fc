// One logical connection kept alive across many WebSockets: each attempt fetches a
// fresh single-use ticket, failures back off exponentially with jitter up to a cap,
// and the close codes decide what happens next (docs/sharing.md): 4403 ends it
// (removed), 4401 takes one immediate new ticket, a 401 on the ticket ends it
// (signed out), anything else (1013, 1009, network, an 'error') reconnects after a delay.
import { isProblem } from "../api/problem";
import { binaryOf, CLOSE, type WebSocketConstructor, type WebSocketLike } from "./web-socket";

/** How long a silent socket must stay open to count as admitted. */
const STABLE_MS = 10_000;

export type ConnectionState = "connecting" | "live" | "offline" | "closed";

/** Why a connection stopped for good: by the caller, or the server's verdict. */
export type StopReason = "closed" | "removed" | "signed-out";

export interface ReconnectOptions {
  /** First retry delay; doubles per failure. Default 500 ms. */
  initialDelayMs?: number;
  /** Cap of the retry delay. Default 30 s. */
  maxDelayMs?: number;
  /** Jitter source in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

export interface SocketHandlers {
  ticket(): Promise<{ url: string }>;
  opened(): void;
  binary(bytes: Uint8Array): void;
  text(text: string): void;
  /** The current socket went away (before any reconnect). */
  lost(): void;
  state(state: ConnectionState): void;
  stopped(reason: StopReason): void;
}

export class ReconnectingSocket {
  private socket: WebSocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private failures = 0;
  private ticketRetried = false;
  /** Whether the current socket proved itself (a message, or a while open). */
  private admitted = false;
  private openedAt = 0;
  private current: ConnectionState = "offline";
  private stoppedFor: StopReason | undefined;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;

  constructor(
    private readonly WebSocketImpl: WebSocketConstructor,
    private readonly on: SocketHandlers,
    options: ReconnectOptions = {},
  ) {
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.random = options.random ?? Math.random;
  }

  get state(): ConnectionState {
    return this.current;
  }

  start(): void {
    if (this.running || this.stoppedFor !== undefined) return;
    this.running = true;
    void this.connect();
  }

  /** Sends when live; answers whether it was handed to the socket. */
  send(data: Uint8Array | string): boolean {
    if (this.current !== "live" || !this.socket) return false;
    this.socket.send(data);
    return true;
  }

  stop(reason: StopReason = "closed"): void {
    if (this.stoppedFor !== undefined) return;
    this.stoppedFor = reason;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, "client closed");
    if (socket) this.on.lost();
    this.setState("closed");
    this.on.stopped(reason);
  }

  private async connect(): Promise<void> {
    this.setState("connecting");
    let url: string;
    try {
      url = (await this.on.ticket()).url;
    } catch (error) {
      if (this.stoppedFor !== undefined) return;
      if (isProblem(error) && error.status === 401) return this.stop("signed-out");
      // The note is gone or the caller is no longer a member.
      if (isProblem(error) && [403, 404, 410].includes(error.status)) return this.stop("removed");
      return this.retryLater();
    }
    if (this.stoppedFor !== undefined) return;
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketImpl(url);
    } catch {
      return this.retryLater();
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.admitted = false;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.openedAt = Date.now();
      this.setState("live");
      this.on.opened();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      this.admitted = true;
      if (typeof event.data === "string") return this.on.text(event.data);
      const bytes = binaryOf(event.data);
      if (bytes) this.on.binary(bytes);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.on.lost();
      this.closed(event.code ?? 1006);
    });
    // A failed attempt like any other, retried with backoff. Browsers follow an error
    // with a close, but Node's `ws` throws an 'error' nobody listens for, so a refused
    // connection (a sidecar restarting) would end the process. Its close, if any
    // follows, finds the socket already let go.
    socket.addEventListener("error", () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.on.lost();
      this.closed(1006);
    });
  }

  private closed(code: number): void {
    // A refused ticket closes right after the upgrade, so "open" alone proves nothing:
    // only a socket that carried a message or stayed a while resets the backoff.
    const lasted = this.current === "live" && Date.now() - this.openedAt >= STABLE_MS;
    if (this.admitted || lasted) {
      this.failures = 0;
      this.ticketRetried = false;
    }
    if (code === CLOSE.forbidden) {
      this.stop("removed");
    } else if (code === CLOSE.unauthorized && !this.ticketRetried) {
      // A used or expired ticket, or a revoked session: one fresh ticket tells which.
      this.ticketRetried = true;
      void this.connect();
    } else {
      this.retryLater();
    }
  }

  private retryLater(): void {
    this.setState("offline");
    const ceiling = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** this.failures);
    this.failures += 1;
    // "Equal jitter": at least half the step, so a crowd of clients spreads out.
    const delay = ceiling / 2 + (ceiling / 2) * this.random();
    this.timer = setTimeout(() => void this.connect(), delay);
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    this.on.state(state);
  }
}
