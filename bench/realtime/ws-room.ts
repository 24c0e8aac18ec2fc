// Room peers for our relay and the bare one: plain `ws` clients exchanging 1 KiB
// binary frames whose first 8 bytes carry the send time (performance.now() of
// this process), read back at each of the 49 receivers.
import { WebSocket } from "ws";
import { LatencySamples, waitFor } from "./latency-samples";
import { FRAME_BYTES, PEERS, ROOM_NOTE_ID } from "./protocol";
import type { RelayProcess } from "./relay-process";
import type { RoomClients } from "./room-clients";

export async function connectWsRoom(relay: RelayProcess): Promise<RoomClients> {
  const samples = new LatencySamples();
  const tickets = await relay.tickets("room", PEERS);
  let closed = 0;
  const peerCounts = new Array<number>(PEERS).fill(0);
  const sockets = tickets.map((ticket, i) => {
    const ws = new WebSocket(`${relay.base}/v1/rooms/${ROOM_NOTE_ID}?ticket=${ticket}`, {
      perMessageDeflate: false,
    });
    ws.on("message", (data, isBinary) => {
      if (isBinary && Buffer.isBuffer(data)) {
        samples.add(performance.now() - data.readDoubleLE(0));
      } else if (!isBinary) {
        // Our relay's {"type":"peers","count":n}: how we know all 50 are admitted.
        const frame: unknown = JSON.parse(String(data));
        if (typeof frame === "object" && frame && "count" in frame) {
          peerCounts[i] = Number(frame.count);
        }
      }
    });
    ws.on("close", () => closed++);
    ws.on("error", () => {});
    return ws;
  });
  const open = () => sockets.every((ws) => ws.readyState === WebSocket.OPEN);
  if (!(await waitFor(open, 10_000))) throw new Error(`${relay.kind}: room peers did not open`);
  // Our relay admits after an async ticket check; the bare one once open.
  if (relay.kind === "ours") await waitFor(() => peerCounts.every((n) => n === PEERS), 10_000);
  return {
    peers: PEERS,
    samples,
    send(peer) {
      const frame = Buffer.alloc(FRAME_BYTES);
      frame.writeDoubleLE(performance.now(), 0);
      sockets[peer]?.send(frame, { binary: true });
    },
    lost: () => closed,
    async close() {
      for (const ws of sockets) ws.terminate();
    },
  };
}
