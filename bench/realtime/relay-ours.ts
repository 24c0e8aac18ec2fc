// Our relay under test: `createRealtime` from @notes/realtime on a node:http
// server, wired as the app wires it, with BenchAccess in place of the database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtime, type RealtimeLog } from "@notes/realtime";
import { BenchAccess } from "./bench-access";
import { ROOM_NOTE_ID } from "./protocol";
import type { RelayUnderTest } from "./relay-under-test";

/** Warnings (a shed slow consumer) and errors show in the run's output. */
const log: RealtimeLog = {
  info: () => {},
  warn: (obj, msg) => console.error("relay warn:", msg, obj),
  error: (obj, msg) => console.error("relay error:", msg, obj),
};

export async function startOurs(): Promise<RelayUnderTest> {
  const access = new BenchAccess();
  const rt = createRealtime({ access, log, publicUrl: "http://notes.bench" });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", rt.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    tickets: (kind, count) => Array.from({ length: count }, () => access.issue(kind)),
    dispatch(seq) {
      access.latest = seq;
      rt.dispatch({ e: "note", kind: "write", noteId: ROOM_NOTE_ID, seq, ownerId: "account-0" });
    },
  };
}
