// @notes/realtime: the WebSocket relay of contract.md §7 (change feed and live
// rooms), with its database access injected through deps.ts (wired to core by
// @notes/server's core-access.ts).

export { createRealtime, type Realtime, type RealtimeStats } from "./create-realtime";
export type {
  BridgeTransmission,
  LiveRole,
  RealtimeAccess,
  RealtimeEvent,
  RealtimeLog,
  TicketGrant,
} from "./deps";
export { CLOSE as REALTIME_CLOSE_CODES } from "./frames";
export type { RealtimeOptions } from "./options";
