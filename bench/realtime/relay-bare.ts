// The baseline: a bare `ws` server doing the same work with nothing else: room
// sockets forward each binary frame to the room's other sockets, feed sockets get
// a greeting on connect and one text frame each per dispatch. No tickets, no
// indexes, no send-buffer bound.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import type { RelayUnderTest } from "./relay-under-test";

const changes = (seq: number) => Buffer.from(JSON.stringify({ type: "changes", seq: String(seq) }));

export async function startBare(): Promise<RelayUnderTest> {
  const room = new Set<WebSocket>();
  const feeds = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    const feed = (req.url ?? "").startsWith("/v1/feed");
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sockets = feed ? feeds : room;
      sockets.add(ws);
      ws.on("close", () => sockets.delete(ws));
      if (feed) {
        ws.send(changes(0), { binary: false });
        return;
      }
      ws.on("message", (data, isBinary) => {
        if (!isBinary) return;
        for (const peer of room) {
          if (peer !== ws && peer.readyState === WebSocket.OPEN) peer.send(data, { binary: true });
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    tickets: (_kind, count) => Array.from({ length: count }, () => ""),
    dispatch(seq) {
      const frame = changes(seq);
      for (const ws of feeds) ws.send(frame, { binary: false });
    },
  };
}
