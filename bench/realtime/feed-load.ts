// The change-feed benchmarks: 1,000 feed sockets held open on each relay, the
// relay's memory per idle socket (heap + external after GC, before and after they
// connect), and the fan-out time of one change: from this process sending the
// trigger until the last of the 1,000 sockets has its `changes` frame. The relays
// take turns change by change, in random order, so a disturbance on the shared
// machine or in this process falls on both alike.
import { setTimeout as delay } from "node:timers/promises";
import { FeedSockets } from "./feed-sockets";
import { LatencySamples, type LatencySummary } from "./latency-samples";
import { machineBusy, waitForQuiet } from "./machine-load";
import { FEED_SOCKETS, type RelayKind, wallClock } from "./protocol";
import type { RelayProcess } from "./relay-process";

export interface FeedResult {
  fanOut: LatencySummary;
  /**
   * Medians (ms) of the parts of a fan-out, from both processes' wall clocks:
   * the trigger's trip to the relay, the relay handing the 1,000 frames to their
   * sockets, and what follows the last hand-over until the last frame is read here.
   */
  split: { trigger: number; relay: number; after: number };
  /** p99 of the relay's part alone. */
  relayP99: number;
  /** Cores other processes used during the fan-out runs (all relays' turns). */
  otherCpu: number;
  bytesPerSocket: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  delay(ms, undefined, { signal }).catch(() => undefined);

interface Opened {
  relay: RelayProcess;
  feeds: FeedSockets;
  samples: LatencySamples;
  /** seq → [trigger sent, last frame read], wall clock. */
  sentAndHeard: Map<number, [number, number]>;
  bytesPerSocket: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function open(relay: RelayProcess): Promise<Opened> {
  // A first full set, closed again, warms the relay's upgrade and admission paths
  // (so the baseline holds their code) and this process: the first 1,000 sockets
  // a client process opens were read ~0.7 ms slower per fan-out for the rest of
  // the run, whichever relay they were on.
  const warm = new FeedSockets();
  await warm.connect(relay, FEED_SOCKETS);
  warm.close();
  await sleep(500);
  const before = await relay.memory();
  const feeds = new FeedSockets();
  await feeds.connect(relay, FEED_SOCKETS);
  const after = await relay.memory();
  return {
    relay,
    feeds,
    samples: new LatencySamples(),
    sentAndHeard: new Map(),
    bytesPerSocket:
      (after.heapUsed + after.external - before.heapUsed - before.external) / FEED_SOCKETS,
  };
}

async function fanOutOnce(o: Opened, seq: number): Promise<void> {
  const heard = o.feeds.expect(seq);
  const start = wallClock();
  o.relay.dispatch(seq);
  // A change that never reaches every socket counts as lost in the percentiles.
  const timeout = new AbortController();
  const lastAt = await Promise.race([heard, sleep(5_000, timeout.signal)]);
  timeout.abort();
  if (lastAt !== undefined) {
    o.samples.add(lastAt - start);
    o.sentAndHeard.set(seq, [start, lastAt]);
  }
  await sleep(5);
}

export async function benchFeeds(
  relays: RelayProcess[],
  reps: number,
): Promise<Map<RelayKind, FeedResult>> {
  const opened: Opened[] = [];
  for (const relay of relays) opened.push(await open(relay));
  await waitForQuiet();
  const busy = machineBusy();
  const own0 = process.cpuUsage();
  const relays0 = await Promise.all(relays.map((relay) => relay.cpuMicros()));
  const started = performance.now();
  for (let seq = 1; seq <= reps; seq++) {
    // In random order: in a fixed one, the client's periodic GC (every so many
    // frames read) fell on the same relay's turn each time, ~1 ms at p50.
    const order = [...opened].sort(() => Math.random() - 0.5);
    for (const o of order) await fanOutOnce(o, seq);
  }
  const elapsedMs = performance.now() - started;
  const machine = busy();
  const own = process.cpuUsage(own0);
  const relays1 = await Promise.all(relays.map((relay) => relay.cpuMicros()));
  const ours = relays1.reduce((sum, n, i) => sum + n - (relays0[i] ?? n), own.user + own.system);
  const otherCpu = Math.max(0, machine - ours / 1000 / elapsedMs);
  const results = new Map<RelayKind, FeedResult>();
  for (const o of opened) {
    const timings = await o.relay.dispatchTimes();
    o.feeds.close();
    const parts = timings.flatMap(({ seq, receivedAt, doneAt }) => {
      const [sentAt, heardAt] = o.sentAndHeard.get(seq) ?? [];
      if (sentAt === undefined || heardAt === undefined) return [];
      return [
        { trigger: receivedAt - sentAt, relay: doneAt - receivedAt, after: heardAt - doneAt },
      ];
    });
    const relayTimes = parts.map((part) => part.relay).sort((a, b) => a - b);
    results.set(o.relay.kind, {
      fanOut: o.samples.summary(reps),
      split: {
        trigger: median(parts.map((part) => part.trigger)),
        relay: median(relayTimes),
        after: median(parts.map((part) => part.after)),
      },
      relayP99: relayTimes[Math.floor(relayTimes.length * 0.99)] ?? NaN,
      otherCpu,
      bytesPerSocket: o.bytesPerSocket,
    });
  }
  return results;
}
