// The search worker: holds the full-text index off the tab's main thread, answers
// protocol.ts requests in the order they come, and writes what it seals (the index,
// the list snapshot) straight to the tab's IndexedDB database.
import { openLocalDb } from "../local-db";
import {
  type Envelope,
  handleSearchRequest,
  newSearchState,
  type SearchReply,
  type SearchRequest,
} from "./protocol";

const state = newSearchState((dbName) => {
  const db = openLocalDb(dbName, true);
  return {
    async put(key, value) {
      await (await db).put("meta", value, key);
    },
  };
});
let queue: Promise<unknown> = Promise.resolve();

addEventListener("message", (event: MessageEvent<Envelope<SearchRequest>>) => {
  const { id, body } = event.data;
  queue = queue.then(async () => {
    const reply: SearchReply = await handleSearchRequest(state, body).catch(
      (error: unknown): SearchReply => ({ type: "error", message: String(error) }),
    );
    postMessage({ id, body: reply } satisfies Envelope<SearchReply>);
  });
});
