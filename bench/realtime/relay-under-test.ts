// What every relay the benchmark drives offers its process entry (relay-main.ts):
// a listening port, tickets for the sockets the client will open, and the one
// change-feed event the fan-out benchmark triggers.
import type { SocketKind } from "./protocol";

export interface RelayUnderTest {
  port: number;
  /** Tickets the relay will admit; relays without tickets hand back empty strings. */
  tickets(kind: SocketKind, count: number): string[];
  /** One change announced to every feed socket (a no-op where there is no feed). */
  dispatch(seq: number): void;
}
