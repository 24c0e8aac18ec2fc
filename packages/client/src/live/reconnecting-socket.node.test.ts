// The SDK under Node with the `ws` package (as README tells Node 20 users): a
// refused connection is one failed attempt, retried with backoff, never an
// unhandled 'error' that ends the process; once a server listens, it connects.
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { type ConnectionState, ReconnectingSocket } from "./reconnecting-socket";

/** A port nobody listens on (yet). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let server: WebSocketServer | undefined;
let socket: ReconnectingSocket | undefined;
afterEach(async () => {
  socket?.stop();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe("ReconnectingSocket with Node's ws", () => {
  it("retries a refused connection and connects when the server appears", async () => {
    const port = await closedPort();
    const states: ConnectionState[] = [];
    const tickets = vi.fn(async () => ({ url: `ws://127.0.0.1:${port}/v1/feed?ticket=t` }));
    const opened = vi.fn();
    socket = new ReconnectingSocket(
      WebSocket,
      {
        ticket: tickets,
        opened,
        binary: () => {},
        text: () => {},
        lost: () => {},
        state: (s) => states.push(s),
        stopped: () => {},
      },
      { initialDelayMs: 20, maxDelayMs: 100, random: () => 0 },
    );
    socket.start();
    // Several refused attempts, each followed by a retry.
    await vi.waitFor(() => expect(tickets.mock.calls.length).toBeGreaterThanOrEqual(3), 5_000);
    expect(states).toContain("offline");
    expect(opened).not.toHaveBeenCalled();

    server = new WebSocketServer({ host: "127.0.0.1", port });
    await vi.waitFor(() => expect(opened).toHaveBeenCalledOnce(), 5_000);
    expect(socket.state).toBe("live");
  });
});
