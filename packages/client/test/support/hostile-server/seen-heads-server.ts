// Test support (not exported): GET and PUT /v1/account/seen-heads as the real server
// answers them (If-Match on the counter, every stored copy kept here as history), with the
// key-transparency log's routes (key-log.ts) and `logStored` to close an epoch that logs
// the newest copy. With `serve` set, GET answers whatever it returns instead, as a
// compromised server would (issue 33, item 12): an older copy replayed, other bytes under
// the logged counter, or no copy at all; with `serveProof`, another proof. Any other
// request goes to `next`.
import { fromBase64, type SeenHeadsProofJson, toBase64 } from "@notes/keytrans";
import type { FetchLike } from "../../../src/api/client";
import { TestKeyLog } from "../key-log";
import { json } from "../test-fetch";
import { problem } from "../test-server";

export interface StoredCopy {
  counter: number;
  sealed: Uint8Array | null;
}

export function seenHeadsServer(accountId: string, next?: FetchLike, log = new TestKeyLog()) {
  const copies: StoredCopy[] = [];
  const newest = (): StoredCopy => copies.at(-1) ?? { counter: 0, sealed: null };
  const server: {
    log: TestKeyLog;
    copies: StoredCopy[];
    serve: (() => StoredCopy) | undefined;
    serveProof: (() => SeenHeadsProofJson | undefined) | undefined;
    logStored(): void;
    fetch: FetchLike;
  } = {
    log,
    /** Every copy stored, oldest first. */
    copies,
    /** When set, GET answers this copy instead of the newest. */
    serve: undefined,
    /** When set, GET carries this proof instead of the log's. */
    serveProof: undefined,
    /** Closes an epoch that logs the newest stored copy. */
    logStored(): void {
      const copy = newest();
      if (!copy.sealed) throw new Error("nothing stored");
      log.logSeenHeads(accountId, copy.counter, copy.sealed);
    },
    fetch: (async (url: string, init: RequestInit): Promise<Response> => {
      const method = init.method ?? "GET";
      const logged = log.answer(method, url);
      if (logged) return logged;
      if (new URL(url).pathname !== "/v1/account/seen-heads") {
        if (next) return next(url, init);
        return json({ title: "no route", status: 404 }, 404);
      }
      if (method === "GET") {
        const copy: StoredCopy = server.serve?.() ?? newest();
        const proof = server.serveProof ? server.serveProof() : log.seenHeadsProof(accountId);
        return json(
          {
            counter: copy.counter,
            sealed: copy.sealed && toBase64(copy.sealed),
            ...(proof && { keyTransparency: proof }),
          },
          200,
          { ETag: `"seen-${copy.counter}"` },
        );
      }
      const ifMatch = (init.headers as Record<string, string>)["If-Match"];
      if (!ifMatch) return problem("precondition-required", 428);
      const stored = newest().counter;
      if (ifMatch !== `"seen-${stored}"`) return problem("precondition-failed", 412);
      const body = JSON.parse(String(init.body)) as { counter: number; sealed: string };
      if (body.counter !== stored + 1) return problem("invalid-request", 400);
      copies.push({ counter: body.counter, sealed: fromBase64(body.sealed) });
      return json({ counter: body.counter }, 200, { ETag: `"seen-${body.counter}"` });
    }) satisfies FetchLike,
  };
  return server;
}
