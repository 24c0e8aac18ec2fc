// The room benchmark for a group of relays taking turns: connect each relay's 50
// peers, warm up, run 200 frames/s for the fixed run, then the step search.
import { connectHocuspocusRoom } from "./hocuspocus-room";
import type { RelayKind } from "./protocol";
import type { RelayProcess } from "./relay-process";
import {
  type RateResult,
  type RoomUnderLoad,
  runAtRate,
  runQuietly,
  stepSearch,
} from "./room-load";
import { connectWsRoom } from "./ws-room";

export interface RoomResult {
  fixed: RateResult;
  steps: RateResult[];
}

export async function benchRooms(
  relays: RelayProcess[],
  seconds: number,
  stepSeconds: number,
  progress: (kind: RelayKind, r: RateResult) => void,
): Promise<Map<RelayKind, RoomResult>> {
  const rooms: RoomUnderLoad[] = [];
  for (const relay of relays) {
    const clients =
      relay.kind === "hocuspocus" ? await connectHocuspocusRoom(relay) : await connectWsRoom(relay);
    await runAtRate(clients, relay, 200, 1); // warm-up, not reported
    rooms.push({ relay, clients });
  }
  const fixed = new Map<RelayKind, RateResult>();
  for (const { relay, clients } of rooms) {
    const result = await runQuietly(clients, relay, 200, seconds);
    progress(relay.kind, result);
    fixed.set(relay.kind, result);
  }
  const passing = rooms.filter((room) => fixed.get(room.relay.kind)?.passed);
  const steps = await stepSearch(passing, stepSeconds, progress);
  for (const { clients } of rooms) await clients.close();
  const results = new Map<RelayKind, RoomResult>();
  for (const [kind, result] of fixed)
    results.set(kind, { fixed: result, steps: steps.get(kind) ?? [] });
  return results;
}
