// The tab's side of the background worker: numbered requests, each promise settled by
// the reply with its number. Anything with postMessage and message events will do (tests
// pass an in-process stand-in).
import type { BackgroundReply, BackgroundRequest, Envelope } from "./protocol";

export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  terminate(): void;
}

export type Reply<T extends BackgroundReply["type"]> = Extract<BackgroundReply, { type: T }>;

export class BackgroundClient {
  private next = 1;
  private readonly waiting = new Map<number, (reply: BackgroundReply) => void>();

  constructor(private readonly worker: WorkerLike) {
    worker.addEventListener("message", (event: MessageEvent<Envelope<BackgroundReply>>) => {
      const settle = this.waiting.get(event.data.id);
      this.waiting.delete(event.data.id);
      settle?.(event.data.body);
    });
  }

  /** Sends a request; resolves with the reply of the type expected, rejects on an error. */
  send<T extends BackgroundReply["type"]>(
    request: BackgroundRequest,
    expect: T,
  ): Promise<Reply<T>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.type === expect) resolve(reply as Reply<T>);
        else reject(new Error(reply.type === "error" ? reply.message : `unexpected ${reply.type}`));
      });
      this.worker.postMessage({ id, body: request } satisfies Envelope<BackgroundRequest>);
    });
  }

  close(): void {
    this.worker.terminate();
    for (const settle of this.waiting.values()) settle({ type: "error", message: "closed" });
    this.waiting.clear();
  }
}
