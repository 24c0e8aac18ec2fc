// The background worker: keeps work too heavy for the tab's main thread off it. It
// holds the full-text index and answers its queries, and seals the two megabyte-sized
// blobs a reload reads (the index, the notes list snapshot), writing them straight to
// the tab's IndexedDB database. Requests (protocol.ts) are answered in their order;
// a change-feed page's wraps (wrap-opening.ts) are opened as they come, between the
// index's tasks rather than behind its queue (a long index task still delays them; the
// tab stops waiting after a few seconds and opens them itself).
import { ListSaver } from "../list-saver";
import { openLocalDb } from "../local-db";
import {
  type BackgroundReply,
  type BackgroundRequest,
  type Envelope,
  handleBackgroundRequest,
  newBackgroundState,
} from "./protocol";
import { isWrapEnvelope, newWrapOpening, type WrapEnvelope, type WrapReply } from "./wrap-opening";

const state = newBackgroundState((dbName) => {
  const db = openLocalDb(dbName, true);
  return {
    async put(key, value) {
      await (await db).put("meta", value, key);
    },
    list: new ListSaver(db),
    async get(key) {
      return (await db).get("meta", key);
    },
  };
});
let queue: Promise<unknown> = Promise.resolve();
const openWraps = newWrapOpening();

addEventListener("message", (event: MessageEvent<Envelope<BackgroundRequest>>) => {
  if (isWrapEnvelope(event.data)) {
    const { wrapId, body } = event.data;
    void openWraps(body)
      .catch((error: unknown): WrapReply => ({ type: "error", message: String(error) }))
      .then((reply) => {
        const transfer = reply.type === "opened" ? [reply.keys.buffer as ArrayBuffer] : [];
        postMessage({ wrapId, body: reply } satisfies WrapEnvelope<WrapReply>, { transfer });
      });
    return;
  }
  const { id, body } = event.data;
  queue = queue.then(async () => {
    const reply: BackgroundReply = await handleBackgroundRequest(state, body).catch(
      (error: unknown): BackgroundReply => ({ type: "error", message: String(error) }),
    );
    postMessage({ id, body: reply } satisfies Envelope<BackgroundReply>);
  });
});
