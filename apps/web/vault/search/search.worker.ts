// The search worker: holds the full-text index off the tab's main thread and answers
// protocol.ts requests in the order they come.
import {
  type Envelope,
  handleSearchRequest,
  newSearchState,
  type SearchReply,
  type SearchRequest,
} from "./protocol";

const state = newSearchState();
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
