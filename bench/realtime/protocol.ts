// The realtime benchmark's shared vocabulary: the workload the issue fixes (50
// peers, 1 KiB frames, 1,000 feed sockets) and the IPC messages between the
// client process and the relay process under test.

/** The fixed 200 frames/s run (BENCH_SECONDS, default 10); a search step takes 30% of it. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const STEP_SECONDS = Math.max(1, Math.round(SECONDS * 0.3));

export const PEERS = 50;
export const FRAME_BYTES = 1024;
export const FEED_SOCKETS = 1000;
export const ROOM_NOTE_ID = "00000000-0000-4000-8000-0000000000b1";
export const HOCUSPOCUS_DOCUMENT = "bench-room";

export const RELAY_KINDS = ["ours", "bare", "hocuspocus"] as const;
export type RelayKind = (typeof RELAY_KINDS)[number];

export const isRelayKind = (value: unknown): value is RelayKind =>
  RELAY_KINDS.some((kind) => kind === value);

export type SocketKind = "feed" | "room";

export interface MemorySample {
  heapUsed: number;
  external: number;
}

/** One dispatch as the relay saw it, in wall-clock ms (performance.timeOrigin + now()). */
export interface DispatchTiming {
  seq: number;
  /** The trigger arrived. */
  receivedAt: number;
  /** Every frame of the fan-out had been handed to its socket. */
  doneAt: number;
}

/** Wall-clock ms with sub-ms precision, comparable between our processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Client process → relay process. `dispatch` has no reply: its answer is the frames. */
export type ControlRequest =
  | { id: number; op: "tickets"; kind: SocketKind; count: number }
  | { id: number; op: "memory" }
  | { id: number; op: "cpu" }
  | { id: number; op: "dispatchTimes" }
  | { id: 0; op: "dispatch"; seq: number };

/** Relay process → client process. */
export type ControlReply =
  | { id: 0; ready: true; port: number }
  | { id: number; tickets: string[] }
  | { id: number; memory: MemorySample }
  | { id: number; cpuMicros: number }
  | { id: number; dispatches: DispatchTiming[] };

/** IPC messages are ours on both ends; this only guards against a stray one. */
export function isMessage<T extends { id: number }>(value: unknown): value is T {
  return typeof value === "object" && value !== null && "id" in value;
}
