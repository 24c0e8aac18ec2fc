// Test harness: a real node:http server on port 0 running the relay against a
// FakeAccess, and ws clients whose waits are event-driven with a timeout.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { type ClientOptions, WebSocket } from "ws";
import { createRealtime, type Realtime } from "../src/create-realtime";
import type { RealtimeOptions } from "../src/options";
import { FakeAccess, MemoryLog } from "./fake-access";

export const PUBLIC_URL = "http://notes.test";

export interface TestRelay {
  rt: Realtime;
  access: FakeAccess;
  log: MemoryLog;
  /** ws://127.0.0.1:port */
  base: string;
  clients: TestClient[];
  connect(path: string, ticket?: string, options?: ClientOptions): TestClient;
  stop(): Promise<void>;
}

type Tuning = Omit<RealtimeOptions, "access" | "log" | "publicUrl">;

export async function startRelay(tuning: Tuning = {}): Promise<TestRelay> {
  const access = new FakeAccess();
  const log = new MemoryLog();
  const rt = createRealtime({ access, log, publicUrl: PUBLIC_URL, ...tuning });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", rt.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `ws://127.0.0.1:${port}`;
  const clients: TestClient[] = [];
  return {
    rt,
    access,
    log,
    base,
    clients,
    connect(path, ticket, options) {
      const query = ticket === undefined ? "" : `?ticket=${encodeURIComponent(ticket)}`;
      const client = new TestClient(`${base}${path}${query}`, options);
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) client.ws.terminate();
      await rt.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Closed {
  code: number;
  reason: string;
}

/** A ws client that records what it hears; every wait ends in a timeout. */
export class TestClient {
  readonly ws: WebSocket;
  readonly texts: unknown[] = [];
  readonly binaries: Buffer[] = [];
  /** The upgrade completed (the socket may have closed since). */
  upgraded = false;
  closed: Closed | undefined = undefined;
  /** Status and headers when the server refused the upgrade. */
  refused: { status: number; headers: IncomingHttpHeaders } | undefined = undefined;
  private readonly listeners = new Set<() => void>();

  constructor(url: string, options?: ClientOptions) {
    this.ws = new WebSocket(url, options);
    this.ws.on("open", () => {
      this.upgraded = true;
      this.notify();
    });
    this.ws.on("message", (data, isBinary) => {
      if (!isBinary) this.texts.push(JSON.parse(String(data)));
      else if (Buffer.isBuffer(data)) this.binaries.push(data);
      this.notify();
    });
    this.ws.on("unexpected-response", (_req, res) => {
      this.refused = { status: res.statusCode ?? 0, headers: res.headers };
      res.resume();
      this.notify();
    });
    this.ws.on("error", () => this.notify());
    this.ws.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.notify();
    });
  }

  /**
   * Resolves with the first truthy value of `check`, re-checked on every event of
   * this client and every few milliseconds (for server-side state).
   */
  until<T>(check: () => T | undefined | false, what: string, timeoutMs = 2_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined || value === false) return;
        done();
        resolve(value);
      };
      const poll = setInterval(attempt, 5);
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const done = (): void => {
        clearInterval(poll);
        clearTimeout(timer);
        this.listeners.delete(attempt);
      };
      this.listeners.add(attempt);
      attempt();
    });
  }

  /**
   * Pings and waits for the pong: the server has then handled every frame this
   * client sent before, so a later check for "nothing relayed" is conclusive.
   */
  roundTrip(): Promise<true> {
    let ponged = false;
    this.ws.once("pong", () => {
      ponged = true;
      this.notify();
    });
    this.ws.ping();
    return this.until(() => ponged, "pong");
  }

  opened(): Promise<true> {
    return this.until(() => this.ws.readyState === WebSocket.OPEN, "open");
  }

  whenClosed(timeoutMs = 2_000): Promise<Closed> {
    return this.until(() => this.closed, "close", timeoutMs);
  }

  /** The first recorded text frame equal to `frame` (deep), waiting for it. */
  heard(frame: object, timeoutMs = 2_000): Promise<unknown> {
    const wanted = JSON.stringify(frame);
    return this.until(
      () => this.texts.find((text) => JSON.stringify(text) === wanted),
      `text ${wanted}`,
      timeoutMs,
    );
  }

  binaryCount(count: number, timeoutMs = 2_000): Promise<Buffer[]> {
    return this.until(
      () => this.binaries.length >= count && this.binaries,
      `${count} binary frames`,
      timeoutMs,
    );
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
