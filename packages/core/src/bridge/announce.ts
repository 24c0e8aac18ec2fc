// The bridge announcement on the realtime channel (contract.md §7): the whole
// transmission when it fits NOTIFY's payload limit, else only its seq, and the
// relay reads it back. Sent inside the writing transaction, so it goes out at
// commit and never for a rolled-back insert.
import type { Queryable } from "@notes/db";
import { announce } from "../realtime/announce";
import type { Transmission } from "./transmission";

/** NOTIFY refuses payloads of 8,000 bytes or more; keep a margin. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

export function bridgeAnnouncement(
  transmission: Transmission,
  limit = NOTIFY_PAYLOAD_LIMIT,
): { e: "bridge"; seq: number; message?: Transmission } {
  const whole = { e: "bridge" as const, seq: transmission.seq, message: transmission };
  return Buffer.byteLength(JSON.stringify(whole)) < limit
    ? whole
    : { e: "bridge", seq: transmission.seq };
}

export function announceTransmission(q: Queryable, transmission: Transmission): Promise<void> {
  return announce(q, bridgeAnnouncement(transmission));
}
