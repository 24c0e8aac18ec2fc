// Feed latency across processes: a feed socket held by sidecar 2 (its ticket from
// instance B), appends through instance A, one at a time with a pause between. A
// sample is the time from sending the append to its event arriving on the socket:
// A's transaction commits, Postgres NOTIFYs, sidecar 2 hears it on its LISTEN and
// pushes the event down the socket.
import WebSocket from "ws";
import { call } from "../http";
import { percentile } from "../load";
import type { Writer } from "./accounts";

export interface FeedLatency {
  samples: number;
  p50: number;
  p95: number;
}

export async function feedLatency(
  writeVia: string,
  ticketFrom: string,
  who: Writer,
  count: number,
): Promise<FeedLatency> {
  const { url } = await call<{ url: string }>(ticketFrom, "POST", "/v1/feed-tickets", who.token);
  const socket = new WebSocket(url, { perMessageDeflate: false });
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  socket.on("message", (data) => {
    const at = performance.now();
    const seq = (JSON.parse(String(data)) as { seq?: string }).seq;
    if (seq === undefined) return;
    const wake = waiting.get(seq);
    if (wake) wake(at);
    else arrived.set(seq, at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  await new Promise((r) => setTimeout(r, 300)); // past the opening `changes` event
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      const { seq } = await call<{ seq: number }>(
        writeVia,
        "POST",
        `/v1/notes/${who.noteId}/updates`,
        who.token,
        { updates: [Buffer.from(`s${i}`).toString("base64")] },
      );
      const key = String(seq);
      const at =
        arrived.get(key) ??
        (await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`event ${key} not delivered`)), 10_000);
          waiting.set(key, (t) => {
            clearTimeout(timer);
            resolve(t);
          });
        }));
      latencies.push(at - sent);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    socket.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}
