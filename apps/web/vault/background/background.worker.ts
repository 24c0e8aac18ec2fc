// The background worker: keeps work too heavy for the tab's main thread off it. It
// holds the full-text index and answers its queries, and seals the two megabyte-sized
// blobs a reload reads (the index, the notes list snapshot), writing them straight to
// the tab's IndexedDB database. Requests (protocol.ts) are answered in their order.
import { openLocalDb } from "../local-db";
import {
  type BackgroundReply,
  type BackgroundRequest,
  type Envelope,
  handleBackgroundRequest,
  newBackgroundState,
} from "./protocol";

const state = newBackgroundState((dbName) => {
  const db = openLocalDb(dbName, true);
  return {
    async put(key, value) {
      await (await db).put("meta", value, key);
    },
    async get(key) {
      return (await db).get("meta", key);
    },
  };
});
let queue: Promise<unknown> = Promise.resolve();

addEventListener("message", (event: MessageEvent<Envelope<BackgroundRequest>>) => {
  const { id, body } = event.data;
  queue = queue.then(async () => {
    const reply: BackgroundReply = await handleBackgroundRequest(state, body).catch(
      (error: unknown): BackgroundReply => ({ type: "error", message: String(error) }),
    );
    postMessage({ id, body: reply } satisfies Envelope<BackgroundReply>);
  });
});
