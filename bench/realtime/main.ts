// The realtime benchmark (`node --import tsx bench/realtime/main.ts`, or `pnpm
// bench` with BENCH_MODES=realtime): runs each phase in its own client process
// (phase.ts), each relay in its own relay process (relay-main.ts), and prints
// markdown tables on stdout (progress on stderr). Phases: the change feed for
// ours and the bare relay, the room for ours and the bare relay (taking turns at
// each measurement, so a busy spell on the shared machine falls on both), then
// the room for Hocuspocus alone: its 50 idle providers in a client process were
// seen to raise the other relays' p99 at 800 frames/s from ~1 ms to ~10 ms.
// BENCH_SECONDS sets the 200 frames/s run (default 10; each step of the search
// takes 30% of it, at least 1 s); BENCH_RELAYS=ours,bare,hocuspocus picks relays.
import { fork } from "node:child_process";
import path from "node:path";
import type { FeedResult } from "./feed-load";
import { isPhaseResult, type PhaseResult } from "./phase-result";
import { isRelayKind, RELAY_KINDS, type RelayKind, SECONDS, STEP_SECONDS } from "./protocol";
import { type RelayResult, report } from "./report";
import type { RoomResult } from "./room-bench";

const kinds = (process.env.BENCH_RELAYS ?? RELAY_KINDS.join(",")).split(",").filter(isRelayKind);
// The bench package: `--import tsx` resolves from the working directory.
const benchDir = path.resolve(import.meta.dirname, "..");

function runPhase(phase: "feed" | "room", group: RelayKind[]): Promise<PhaseResult | undefined> {
  if (group.length === 0) return Promise.resolve(undefined);
  const child = fork(path.join(import.meta.dirname, "phase.ts"), [phase, group.join(",")], {
    cwd: benchDir,
    execArgv: ["--import", "tsx"],
    // Structured clone keeps the Maps and an Infinity p99 (frames lost) intact.
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let result: PhaseResult | undefined;
    child.on("message", (message: unknown) => {
      if (isPhaseResult(message)) result = message;
    });
    child.on("exit", (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`${phase} phase exited ${code}`)),
    );
  });
}

const pair = kinds.filter((kind) => kind !== "hocuspocus");
const feeds = new Map<RelayKind, FeedResult>();
const rooms = new Map<RelayKind, RoomResult>();
for (const [phase, group] of [
  ["feed", pair],
  ["room", pair],
  ["room", kinds.filter((kind) => kind === "hocuspocus")],
] as const) {
  const outcome = await runPhase(phase, group);
  if (outcome?.phase === "feed") for (const [k, v] of outcome.results) feeds.set(k, v);
  if (outcome?.phase === "room") for (const [k, v] of outcome.results) rooms.set(k, v);
}
const results: RelayResult[] = kinds.flatMap((kind) => {
  const room = rooms.get(kind);
  return room ? [{ kind, ...room, feed: feeds.get(kind) }] : [];
});
for (const line of report(results, SECONDS, STEP_SECONDS)) console.log(line);
