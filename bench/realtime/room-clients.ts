// What the room load generator drives: 50 peers in one room, all in this process
// so one clock stamps sends and receipts. Each implementation records, at every
// receiving peer, how long each frame took to arrive.
import type { LatencySamples } from "./latency-samples";

export interface RoomClients {
  readonly peers: number;
  /** Receipt latencies (ms) at every receiver; peers - 1 per frame sent. */
  readonly samples: LatencySamples;
  /** Sends one ~1 KiB frame from `peer`, stamped now. */
  send(peer: number): void;
  /** Sockets the server closed or lost since connecting (a shed slow consumer). */
  lost(): number;
  close(): Promise<void>;
}
