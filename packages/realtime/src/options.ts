// The relay's configuration: what the app passes in and the defaults that make the
// contract's timings (contract.md §7: ping every 30 s, close after 75 s of silence).
import type { RealtimeAccess, RealtimeLog } from "./deps";

export interface RealtimeOptions {
  access: RealtimeAccess;
  log: RealtimeLog;
  /** The web app's origin: a browser upgrade must carry this Origin; clients without one pass. */
  publicUrl: string;
  /** How often every socket is pinged (one timer for all sockets). Default 30 s. */
  pingIntervalMs?: number;
  /** A socket silent (no pong, no message) this long is closed. Default 75 s. */
  idleTimeoutMs?: number;
  /** Send-buffer bound per socket; past it the socket is closed 1013 so it reconnects and resyncs. */
  maxBufferedBytes?: number;
  /** Largest accepted frame; a larger one closes the socket 1009. Default 1 MiB. */
  maxFrameBytes?: number;
}

export interface Settings {
  access: RealtimeAccess;
  log: RealtimeLog;
  /** `new URL(publicUrl).origin`, compared with the Origin header. */
  origin: string;
  /** Base of problem `type` URIs in refused upgrades (contract.md §1). */
  publicUrl: string;
  pingIntervalMs: number;
  idleTimeoutMs: number;
  maxBufferedBytes: number;
  maxFrameBytes: number;
  /** How long a socket we closed may linger before it is terminated. */
  closeGraceMs: number;
}

const MiB = 1024 * 1024;

export function resolveSettings(options: RealtimeOptions): Settings {
  const url = new URL(options.publicUrl);
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  return {
    access: options.access,
    log: options.log,
    origin: url.origin,
    publicUrl: url.origin + url.pathname.replace(/\/+$/, ""),
    pingIntervalMs,
    idleTimeoutMs: options.idleTimeoutMs ?? 75_000,
    maxBufferedBytes: options.maxBufferedBytes ?? MiB,
    maxFrameBytes: options.maxFrameBytes ?? MiB,
    // A peer that does not answer our close frame (typically the slow consumer we
    // just shed) is cut off at the first liveness tick after this grace, sooner than
    // ws's own 30 s close timer, so its unsent backlog is released.
    closeGraceMs: Math.min(pingIntervalMs, 5_000),
  };
}
