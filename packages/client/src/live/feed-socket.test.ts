// FeedSocket: events from text frames, revoked ends the feed without reconnecting.
import { describe, expect, it, vi } from "vitest";
import { fakeFetch } from "../../test/support/test-fetch";
import { fakeSockets, ticket } from "../../test/support/test-sockets";
import { createApiClient } from "../api/client";
import { FeedSocket } from "./feed-socket";

describe("FeedSocket", () => {
  it("emits changes and account, and stops after revoked", async () => {
    const { fetch, requests } = fakeFetch([ticket(1)]);
    const { WebSocket, sockets } = fakeSockets();
    const feed = new FeedSocket({
      api: createApiClient({ baseUrl: "http://x", fetch }),
      WebSocket,
    });
    const changes: string[] = [];
    const account = vi.fn();
    const revoked = vi.fn();
    const states: string[] = [];
    feed.on("changes", (seq) => changes.push(seq));
    feed.on("account", account);
    feed.on("revoked", revoked);
    feed.on("state", (s) => states.push(s));
    feed.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/v1/feed-tickets");
    sockets[0]?.open();
    sockets[0]?.receive('{"type":"changes","seq":"42"}');
    sockets[0]?.receive('{"type":"account"}');
    sockets[0]?.receive('{"type":"something-new"}');
    sockets[0]?.receive('{"type":"revoked"}');
    sockets[0]?.serverClose(4401);
    expect(changes).toEqual(["42"]);
    expect(account).toHaveBeenCalledOnce();
    expect(revoked).toHaveBeenCalledOnce();
    expect(states).toEqual(["connecting", "live", "closed"]);
    expect(requests).toHaveLength(1);
  });
});
