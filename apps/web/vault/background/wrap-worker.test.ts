// Wrap opening in the session's background worker (issue 35), driven in-process: the
// keys it answers are the wraps' keys, a wrap it cannot open is left for the tab, it
// never holds the private key's bytes after the import, its replies and the index's
// never mix, and a worker that fails or is closed answers nothing more.
import { generateSharingKeyPair, loadSodium, sealCek, toBase64 } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import { BackgroundClient } from "./background-client";
import {
  isWrapEnvelope,
  newWrapOpening,
  type WrapEnvelope,
  type WrapReply,
  type WrapRequest,
} from "./wrap-opening";
import { WrapWorker } from "./wrap-worker";

const sodium = await loadSodium();
const keyPair = generateSharingKeyPair(sodium);
const keys = Array.from({ length: 12 }, () => sodium.randombytes_buf(32));
const wraps = keys.map((cek) => sealCek(sodium, cek, keyPair.publicKey));

/** A worker in this process: the handler behind structured clones, like the real one. */
function inProcess() {
  const handle = newWrapOpening();
  const listeners = { message: [] as ((e: MessageEvent) => void)[], error: [] as (() => void)[] };
  const deliver = (data: unknown) => {
    for (const l of listeners.message) l({ data: structuredClone(data) } as MessageEvent);
  };
  const stand = {
    given: [] as WrapRequest[],
    ended: false,
    postMessage(message: unknown) {
      const data = structuredClone(message);
      if (!isWrapEnvelope(data)) {
        // The index's side of the worker: answers an "error" under the same number.
        const { id } = data as { id: number };
        deliver({ id, body: { type: "error", message: "index says no" } });
        return;
      }
      const { wrapId, body } = data;
      stand.given.push(body);
      void handle(body).then((reply: WrapReply) => {
        if (!stand.ended) deliver({ wrapId, body: reply } satisfies WrapEnvelope<WrapReply>);
      });
    },
    addEventListener(type: "message" | "error", listener: (event: MessageEvent) => void) {
      if (type === "message") listeners.message.push(listener);
      else listeners.error.push(() => listener(new MessageEvent("error")));
    },
    terminate() {
      stand.ended = true;
    },
    failNow() {
      for (const l of listeners.error) l();
    },
  };
  return stand;
}

/** A worker that has its keys (until then, open rejects at once: the caller opens). */
async function started(stand: ReturnType<typeof inProcess>): Promise<WrapWorker> {
  const worker = new WrapWorker(stand, keyPair);
  await vi.waitFor(() => worker.open([]));
  return worker;
}

describe("the wrap worker", () => {
  it("declines until it has the keys, so the first pages do not wait for it", async () => {
    const worker = new WrapWorker(inProcess(), keyPair);
    await expect(worker.open(wraps)).rejects.toThrow("starting");
    await vi.waitFor(() => worker.open([]));
    expect(await worker.open(wraps)).toEqual(keys);
  });

  it("answers each wrap's key in order, and undefined for one it cannot open", async () => {
    const worker = await started(inProcess());
    const toOther = sealCek(
      sodium,
      keys[0] as Uint8Array,
      generateSharingKeyPair(sodium).publicKey,
    );
    const altered = `${(wraps[1] as string).slice(0, 40)}A${(wraps[1] as string).slice(41)}`;
    const asked = [...wraps, toOther, altered, toBase64(new Uint8Array(80)), "not base64"];
    const answered = await worker.open(asked);
    expect(answered.slice(0, wraps.length)).toEqual(keys);
    expect(answered.slice(wraps.length)).toEqual([undefined, undefined, undefined, undefined]);
    worker.close();
  });

  it("is given a copy of the keypair, and zeroes it once imported", async () => {
    const stand = inProcess();
    const worker = await started(stand);
    const given = stand.given[0];
    expect(given?.type).toBe("keys");
    if (given?.type !== "keys") return;
    expect(given.keyPair.privateKey).toEqual(new Uint8Array(32));
    expect(keyPair.privateKey).not.toEqual(new Uint8Array(32));
    worker.close();
  });

  it("once failed or closed, rejects what waits and everything after", async () => {
    const failing = inProcess();
    const worker = await started(failing);
    const waiting = worker.open(wraps);
    failing.failNow();
    await expect(waiting).rejects.toThrow("failed");
    await expect(worker.open(wraps)).rejects.toThrow("failed");

    const closing = await started(inProcess());
    const pending = closing.open(wraps);
    closing.close();
    await expect(pending).rejects.toThrow("closed");
    await expect(closing.open(wraps)).rejects.toThrow("closed");
  });

  it("asked to open before it has keys, says so", async () => {
    const handle = newWrapOpening();
    expect(await handle({ type: "open", wraps })).toEqual({
      type: "error",
      message: "no keys yet",
    });
  });

  it("shares the worker with the index: each side hears only its own replies", async () => {
    const stand = inProcess();
    const index = new BackgroundClient(stand);
    const worker = await started(stand);
    // Both number from 1: the index's request 1 and the wraps' request 1 are apart.
    const [indexed, opened] = await Promise.allSettled([
      index.send({ type: "query", text: "x" }, "hits"),
      worker.open(wraps.slice(0, 3)),
    ]);
    expect(indexed).toMatchObject({ status: "rejected", reason: new Error("index says no") });
    expect(opened).toEqual({ status: "fulfilled", value: keys.slice(0, 3) });
    index.close();
    worker.close();
  });
});
