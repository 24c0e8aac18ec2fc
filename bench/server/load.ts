// A small closed-loop load generator: `connections` workers issue requests back
// to back for `seconds`; reports requests/s and latency percentiles.
import { Agent, request } from "undici";

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function load(
  connections: number,
  seconds: number,
  makeRequest: (worker: number) => {
    url: string;
    method: "POST" | "GET";
    headers: Record<string, string>;
    body?: string;
  },
): Promise<LoadResult> {
  const dispatcher = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const r = makeRequest(worker);
        const t0 = performance.now();
        const res = await request(r.url, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          dispatcher,
        });
        await res.body.dump();
        latencies.push(performance.now() - t0);
        if (res.statusCode >= 400) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
