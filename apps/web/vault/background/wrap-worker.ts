// The tab's side of wrap opening in the session's background worker (wrap-opening.ts):
// the session's WrapOpener (packages/client Session.wrapOpener). A worker that fails,
// or is closed, rejects what waits on it and everything after; the wraps are then
// opened where they are needed, on this thread, as before.
import type { WrapOpener } from "@notes/client";
import { CEK_BYTES, type SharingKeyPair } from "@notes/crypto";
import type { WrapEnvelope, WrapReply, WrapRequest } from "./wrap-opening";

export interface WrapWorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message" | "error", listener: (event: MessageEvent) => void): void;
}

export class WrapWorker implements WrapOpener {
  private next = 1;
  private readonly waiting = new Map<number, (reply: WrapReply) => void>();
  private broken: string | undefined;
  private ready = false;

  constructor(
    private readonly worker: WrapWorkerLike,
    keyPair: SharingKeyPair,
  ) {
    worker.addEventListener("message", (event: MessageEvent<WrapEnvelope<WrapReply>>) => {
      const { wrapId } = event.data;
      if (wrapId === undefined) return; // the worker's other replies
      const settle = this.waiting.get(wrapId);
      this.waiting.delete(wrapId);
      settle?.(event.data.body);
    });
    worker.addEventListener("error", () => this.fail("the wrap worker failed"));
    // postMessage clones it at once: this copy is wiped after, the worker's once imported.
    const keys = { publicKey: keyPair.publicKey.slice(), privateKey: keyPair.privateKey.slice() };
    const sent = this.send({ type: "keys", keyPair: keys });
    keys.privateKey.fill(0);
    void sent.then(
      () => {
        this.ready = true;
      },
      () => undefined,
    );
  }

  /**
   * Rejects at once until the worker has the keys: a session's first pages (the first
   * screenful of the list) come while the worker starts and restores the search index,
   * and are opened by the caller meanwhile rather than wait for it.
   */
  async open(wraps: readonly string[]): Promise<(Uint8Array | undefined)[]> {
    if (!this.ready && !this.broken) throw new Error("the wrap worker is starting");
    const reply = await this.send({ type: "open", wraps: [...wraps] });
    if (reply.type !== "opened")
      throw new Error(reply.type === "error" ? reply.message : reply.type);
    const keys = wraps.map((_, i) =>
      reply.opened[i] === 1 ? reply.keys.slice(i * CEK_BYTES, (i + 1) * CEK_BYTES) : undefined,
    );
    reply.keys.fill(0);
    return keys;
  }

  /** The worker is terminated by its owner (SessionBackground.close). */
  close(): void {
    this.fail("closed");
  }

  private send(request: WrapRequest): Promise<WrapReply> {
    if (this.broken) return Promise.reject(new Error(this.broken));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) =>
        reply.type === "error" ? reject(new Error(reply.message)) : resolve(reply),
      );
      this.worker.postMessage({ wrapId: id, body: request } satisfies WrapEnvelope<WrapRequest>);
    });
  }

  private fail(why: string): void {
    this.broken = why;
    for (const settle of this.waiting.values()) settle({ type: "error", message: why });
    this.waiting.clear();
  }
}
