// Turns the realtime results into the markdown tables `pnpm bench` prints (and
// BENCHMARKS.md quotes): room latency and highest sustained rate per relay, each
// step of the search, and the change-feed fan-out and memory per idle socket.
import type { FeedResult } from "./feed-load";
import { FEED_SOCKETS, PEERS, type RelayKind } from "./protocol";
import { P99_BOUND_MS, type RateResult } from "./room-load";

export interface RelayResult {
  kind: RelayKind;
  fixed: RateResult;
  steps: RateResult[];
  feed: FeedResult | undefined;
}

const NAMES: Record<RelayKind, string> = {
  ours: "ours (`@notes/realtime`)",
  bare: "bare `ws` relay",
  hocuspocus: "Hocuspocus 4.7",
};

const ms = (value: number) =>
  Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : "lost frames";
const pct = (share: number) => `${Math.round(share * 100)}%`;
const delivered = (r: RateResult) => `${((100 * r.delivered) / r.expected).toFixed(1)}%`;

/** The last step that passed; the fixed 200/s run counts as the first step. */
function highestPassing(result: RelayResult): RateResult | undefined {
  return [result.fixed, ...result.steps].filter((r) => r.passed).at(-1);
}

export const highestRate = (result: RelayResult) => highestPassing(result)?.rate ?? 0;

/** Relay CPU per frame delivered to one receiver (µs), at the highest passing step. */
function cpuPerDelivery(result: RelayResult): string {
  const step = highestPassing(result);
  return step ? ((step.relayCpu * 1e6) / (step.rate * (PEERS - 1))).toFixed(2) : "–";
}

export function report(results: RelayResult[], seconds: number, stepSeconds: number): string[] {
  const bare = results.find((r) => r.kind === "bare");
  const ours = results.find((r) => r.kind === "ours");
  const lines = [
    `Room relay: ${PEERS} peers in one room, 1 KiB frames, latency at each of the ${PEERS - 1} receivers; 200 frames/s in all for ${seconds} s, then steps of ${stepSeconds} s until one fails twice running (p99 over ${P99_BOUND_MS} ms, frames or sockets lost); ours and the bare relay take turns at each rate, Hocuspocus runs after them:`,
    "",
    `| server | p50 ms at 200/s | p99 ms at 200/s | highest rate with p99 ≤ ${P99_BOUND_MS} ms | × bare | relay CPU µs per delivery there |`,
    "|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const rate = highestRate(r);
    const ratio = bare ? (rate / Math.max(1, highestRate(bare))).toFixed(2) : "–";
    lines.push(
      `| ${NAMES[r.kind]} | ${ms(r.fixed.p50)} | ${ms(r.fixed.p99)} | ${rate > 0 ? `${rate} frames/s` : "< 200 frames/s"} | ${ratio} | ${cpuPerDelivery(r)} |`,
    );
  }
  lines.push(
    "",
    "Steps (CPU as a share of one core while sending; the client process holds all 50 peers; other CPU is what the rest of the machine used meanwhile):",
    "",
    "| server | frames/s | p50 ms | p99 ms | delivered | relay CPU | client CPU | other CPU | |",
    "|---|---|---|---|---|---|---|---|---|",
  );
  for (const r of results) {
    for (const s of [r.fixed, ...r.steps]) {
      const why = s.passed ? "pass" : s.lostSockets > 0 ? "sockets lost" : "fail";
      lines.push(
        `| ${r.kind} | ${s.rate} | ${ms(s.p50)} | ${ms(s.p99)} | ${delivered(s)} | ${pct(s.relayCpu)} | ${pct(s.clientCpu)} | ${pct(s.otherCpu)} | ${why} |`,
      );
    }
  }
  const reps = results.find((r) => r.feed)?.feed?.fanOut.expected ?? 0;
  lines.push(
    "",
    `Change feed: one change to a note shared with ${FEED_SOCKETS.toLocaleString("en")} feed sockets, timed from the trigger to the last delivery (${reps} changes per relay, the relays taking turns); memory is the relay's heap + external after GC, per idle admitted socket:`,
    "",
    "| server | fan-out p50 ms | fan-out p99 ms | p50 split: trigger / relay sending / after, ms | relay sending p99 ms | other CPU | bytes per idle socket |",
    "|---|---|---|---|---|---|---|",
  );
  for (const r of results) {
    const f = r.feed;
    lines.push(
      f
        ? `| ${NAMES[r.kind]} | ${ms(f.fanOut.p50)} | ${ms(f.fanOut.p99)} | ${ms(f.split.trigger)} / ${ms(f.split.relay)} / ${ms(f.split.after)} | ${ms(f.relayP99)} | ${pct(f.otherCpu)} | ${Math.round(f.bytesPerSocket)} |`
        : `| ${NAMES[r.kind]} | no change feed | | | | | |`,
    );
  }
  if (ours?.feed && bare?.feed) {
    lines.push(
      "",
      `Fan-out ours / bare: ${(ours.feed.fanOut.p50 / bare.feed.fanOut.p50).toFixed(2)}× at p50, ${(ours.feed.fanOut.p99 / bare.feed.fanOut.p99).toFixed(2)}× at p99.`,
    );
  }
  return lines;
}
