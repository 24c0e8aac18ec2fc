// WebSocket clients for the realtime tests: tickets from /v1, then a `ws` socket
// whose messages queue up to be awaited one by one, with bounded waits.
import { inject } from "vitest";
import WebSocket from "ws";
import type { SignedUp } from "./accounts";

export const realtimeUrl = () => inject("realtimeUrl");

export type Received =
  | { kind: "text"; json: Record<string, unknown> }
  | { kind: "binary"; data: Buffer };

export interface TestSocket {
  ws: WebSocket;
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The next message, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<Received>;
  /** Skips messages until one matches. */
  until(match: (m: Received) => boolean, timeoutMs?: number): Promise<Received>;
  /** Messages that arrived and were not taken yet. */
  pending(): Received[];
  send(data: Buffer | string): void;
  close(): void;
}

export function connect(url: string, headers: Record<string, string> = {}): TestSocket {
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  const queue: Received[] = [];
  const waiters: ((m: Received) => void)[] = [];
  ws.on("message", (data, isBinary) => {
    const m: Received = isBinary
      ? { kind: "binary", data: Buffer.from(data as Buffer) }
      : { kind: "text", json: JSON.parse(String(data)) };
    const waiter = waiters.shift();
    if (waiter) waiter(m);
    else queue.push(m);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
  opened.catch(() => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = (timeoutMs = 5_000) =>
    new Promise<Received>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(deliver), 1);
        reject(new Error(`no message within ${timeoutMs} ms`));
      }, timeoutMs);
      const deliver = (m: Received) => {
        clearTimeout(timer);
        resolve(m);
      };
      waiters.push(deliver);
    });
  return {
    ws,
    opened,
    closed,
    next,
    async until(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = await next(Math.max(1, deadline - Date.now()));
        if (match(m)) return m;
      }
    },
    pending: () => [...queue],
    send: (data) => ws.send(data),
    close: () => ws.close(),
  };
}

/** A change-feed socket for `user`, admitted: its opening `changes` event is taken. */
export async function openFeed(user: SignedUp): Promise<TestSocket> {
  const res = await user.client.call<{ url: string }>("POST", "/v1/feed-tickets", {
    token: user.token,
  });
  if (res.status !== 201) throw new Error(`feed ticket: ${res.status} ${res.text}`);
  const socket = connect(res.body.url);
  await socket.opened;
  await socket.until((m) => m.kind === "text" && m.json.type === "changes");
  return socket;
}

/** A live-room socket for `user` on `noteId`, open and past its first peers count. */
export async function openRoom(user: SignedUp, noteId: string): Promise<TestSocket> {
  const res = await user.client.call<{ url: string }>("POST", `/v1/notes/${noteId}/room-tickets`, {
    token: user.token,
  });
  if (res.status !== 201) throw new Error(`room ticket: ${res.status} ${res.text}`);
  const socket = connect(res.body.url);
  await socket.opened;
  await socket.until((m) => m.kind === "text" && m.json.type === "peers");
  return socket;
}

export const isText = (type: string) => (m: Received) => m.kind === "text" && m.json.type === type;
