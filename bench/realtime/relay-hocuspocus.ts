// Hocuspocus as shipped (`Server`: node:http + crossws + ws), no extensions and
// no authentication: the same room work done the Yjs way, where the server
// applies each update to its copy of the document and broadcasts it. It has no
// change feed, so there are no tickets to issue and nothing to dispatch.
import { Server } from "@hocuspocus/server";
import type { RelayUnderTest } from "./relay-under-test";

export async function startHocuspocus(): Promise<RelayUnderTest> {
  const server = new Server({ port: 0, address: "127.0.0.1", quiet: true, stopOnSignals: false });
  await server.listen();
  return {
    port: server.address.port,
    tickets: (_kind, count) => Array.from({ length: count }, () => ""),
    dispatch: () => {},
  };
}
