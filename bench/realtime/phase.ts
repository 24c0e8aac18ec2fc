// One client process for one phase of the benchmark (`feed` or `room`) on a group
// of relays: starts the relays, runs the phase, sends the results to main.ts over
// IPC and exits. A phase gets a fresh process because V8 tunes itself to what a
// process did: after the feed phase's 2,000 sockets the same process answered
// the room load with a major GC every ~0.2 s (allocation-site pretenuring, going
// by --no-allocation-site-pretenuring cutting them six-fold), which took room p99
// at 800 frames/s from ~1 ms to ~8 ms for every relay alike.
import { benchFeeds } from "./feed-load";
import type { PhaseResult } from "./phase-result";
import { isRelayKind, type RelayKind, SECONDS, STEP_SECONDS } from "./protocol";
import { RelayProcess } from "./relay-process";
import { benchRooms } from "./room-bench";
import type { RateResult } from "./room-load";

/** Enough changes that p99 is not simply the worst one (it is the 3rd-worst of 300). */
const FEED_REPS = 300;

const progress = (kind: RelayKind, r: RateResult) =>
  console.error(
    `  ${kind} ${r.rate}/s: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ` +
      `${r.delivered}/${r.expected} delivered, relay CPU ${Math.round(r.relayCpu * 100)}%, ` +
      `client CPU ${Math.round(r.clientCpu * 100)}%, others ${Math.round(r.otherCpu * 100)}%` +
      (r.passed ? "" : " (fail)"),
  );

async function run(phase: string, kinds: RelayKind[]): Promise<PhaseResult> {
  const relays = await Promise.all(kinds.map((kind) => RelayProcess.start(kind)));
  try {
    if (phase === "feed") {
      const results = await benchFeeds(relays, FEED_REPS);
      for (const [kind, feed] of results) console.error(`  ${kind} feed:`, JSON.stringify(feed));
      return { phase, results };
    }
    return { phase: "room", results: await benchRooms(relays, SECONDS, STEP_SECONDS, progress) };
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }
}

if (process.send) {
  const [phase = "", list = ""] = process.argv.slice(2);
  const result = await run(phase, list.split(",").filter(isRelayKind));
  process.send(result, () => process.disconnect());
}
