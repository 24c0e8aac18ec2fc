// The client side of the change feed: many `ws` feed sockets on one relay,
// counting who has heard the `changes` frame being waited for and when the last
// one did.
import { WebSocket } from "ws";
import { waitFor } from "./latency-samples";
import { wallClock } from "./protocol";
import type { RelayProcess } from "./relay-process";

const BATCH = 100;
const changesText = (seq: number) => JSON.stringify({ type: "changes", seq: String(seq) });

export class FeedSockets {
  private readonly sockets: WebSocket[] = [];
  private wanted = changesText(0);
  private heard = 0;
  private allHeard: ((at: number) => void) | undefined = undefined;

  /** Opens `count` sockets, 100 at a time, each admitted once its greeting arrives. */
  async connect(relay: RelayProcess, count: number): Promise<void> {
    const tickets = await relay.tickets("feed", count);
    for (let i = 0; i < count; i += BATCH) {
      const before = this.heard;
      for (const ticket of tickets.slice(i, i + BATCH)) {
        const ws = new WebSocket(`${relay.base}/v1/feed?ticket=${ticket}`, {
          perMessageDeflate: false,
        });
        ws.on("message", (data, isBinary) => this.onMessage(String(data), isBinary));
        ws.on("error", () => {});
        this.sockets.push(ws);
      }
      // Both relays greet with `changes` at seq 0 once a socket is admitted.
      const batch = Math.min(BATCH, count - i);
      if (!(await waitFor(() => this.heard - before >= batch, 10_000))) {
        throw new Error(`${relay.kind}: feed sockets not admitted`);
      }
    }
  }

  /** Resolves with the time (wall clock) the last socket heard `changes` at `seq`. */
  expect(seq: number): Promise<number> {
    this.wanted = changesText(seq);
    this.heard = 0;
    return new Promise((resolve) => {
      this.allHeard = resolve;
    });
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.length = 0;
  }

  private onMessage(text: string, isBinary: boolean): void {
    // Our relay also tells the note's owner {"type":"account"}: not what we time.
    if (isBinary || text !== this.wanted) return;
    if (++this.heard === this.sockets.length) this.allHeard?.(wallClock());
  }
}
