// What a phase process (phase.ts) reports to main.ts: one message, sent with
// structured clone so the Maps and an Infinity p99 survive the trip.
import type { FeedResult } from "./feed-load";
import type { RelayKind } from "./protocol";
import type { RoomResult } from "./room-bench";

export type PhaseResult =
  | { phase: "feed"; results: Map<RelayKind, FeedResult> }
  | { phase: "room"; results: Map<RelayKind, RoomResult> };

export function isPhaseResult(value: unknown): value is PhaseResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "results" in value &&
    value.results instanceof Map
  );
}
