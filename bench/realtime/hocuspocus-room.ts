// Room peers for Hocuspocus: 50 HocuspocusProviders (over `ws`) editing one Yjs
// document. A "frame" is one ~1 KiB Yjs update: the sender overwrites its own key
// of a Y.Map with 1 KiB of bytes carrying its send count; a frame is delivered
// when a receiver's document observes it. The server may merge several updates
// into one message, so a receiver that sees a sender's count jump took delivery of
// the skipped frames too; their send times come from this process's send log.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { WebSocket } from "ws";
import * as Y from "yjs";
import { LatencySamples, waitFor } from "./latency-samples";
import { FRAME_BYTES, HOCUSPOCUS_DOCUMENT, PEERS } from "./protocol";
import type { RelayProcess } from "./relay-process";
import type { RoomClients } from "./room-clients";

export async function connectHocuspocusRoom(relay: RelayProcess): Promise<RoomClients> {
  const samples = new LatencySamples();
  /** sendTimes[sender][n]: when that sender's n-th frame (1-based) went out. */
  const sendTimes = Array.from({ length: PEERS }, () => [0]);
  let synced = 0;
  let closed = 0;
  const peers = Array.from({ length: PEERS }, () => {
    const doc = new Y.Doc();
    const frames = doc.getMap<Uint8Array>("frames");
    const seen = new Array<number>(PEERS).fill(0);
    frames.observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const key of event.keysChanged) {
        const sender = Number(key);
        const value = frames.get(key);
        const times = sendTimes[sender];
        if (!value || !times) continue;
        const count = new DataView(value.buffer, value.byteOffset).getUint32(0, true);
        for (let n = (seen[sender] ?? 0) + 1; n <= count; n++) samples.add(now - (times[n] ?? now));
        seen[sender] = Math.max(seen[sender] ?? 0, count);
      }
    });
    // One socket per provider, as 50 browsers would have.
    const socket = new HocuspocusProviderWebsocket({
      url: relay.base,
      WebSocketPolyfill: WebSocket,
    });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: HOCUSPOCUS_DOCUMENT,
      document: doc,
      onSynced: () => synced++,
      onClose: () => closed++,
    });
    provider.attach();
    return { doc, frames, provider, socket };
  });
  if (!(await waitFor(() => synced >= PEERS, 15_000))) {
    throw new Error(`hocuspocus: ${synced} of ${PEERS} providers synced`);
  }
  return {
    peers: PEERS,
    samples,
    send(peer) {
      const times = sendTimes[peer];
      const target = peers[peer];
      if (!times || !target) return;
      const bytes = new Uint8Array(FRAME_BYTES);
      new DataView(bytes.buffer).setUint32(0, times.length, true);
      times.push(performance.now());
      target.frames.set(String(peer), bytes);
    },
    lost: () => closed,
    async close() {
      for (const { provider, doc, socket } of peers) {
        provider.destroy();
        socket.destroy();
        doc.destroy();
      }
    },
  };
}
