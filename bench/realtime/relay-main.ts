// The relay process: starts the relay named on the command line and answers the
// client process over IPC (tickets, dispatch, memory after GC, CPU used). Run
// with --expose-gc so memory figures are read after a full collection.
import type { ControlReply, ControlRequest, DispatchTiming, MemorySample } from "./protocol";
import { isMessage, isRelayKind, type RelayKind, wallClock } from "./protocol";
import { startBare } from "./relay-bare";
import { startHocuspocus } from "./relay-hocuspocus";
import { startOurs } from "./relay-ours";
import type { RelayUnderTest } from "./relay-under-test";

const starters: Record<RelayKind, () => Promise<RelayUnderTest>> = {
  ours: startOurs,
  bare: startBare,
  hocuspocus: startHocuspocus,
};

async function memoryAfterGc(): Promise<MemorySample> {
  if (!globalThis.gc) throw new Error("relay process needs --expose-gc");
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}

const reply = (message: ControlReply) => process.send?.(message);

/**
 * Time from the trigger's arrival until every frame of the fan-out is handed to
 * its socket: our relay sends after an awaited `accountsAt`, so a setImmediate
 * (after the microtasks) marks the end for both relays alike.
 */
const dispatches: DispatchTiming[] = [];
function timedDispatch(relay: RelayUnderTest, seq: number): void {
  const receivedAt = wallClock();
  relay.dispatch(seq);
  setImmediate(() => dispatches.push({ seq, receivedAt, doneAt: wallClock() }));
}

const kind = process.argv[2];
if (!isRelayKind(kind)) throw new Error(`unknown relay ${kind}`);
const relay = await starters[kind]();
process.on("message", async (message: unknown) => {
  if (!isMessage<ControlRequest>(message)) return;
  switch (message.op) {
    case "dispatch":
      return timedDispatch(relay, message.seq);
    case "dispatchTimes":
      return reply({ id: message.id, dispatches: dispatches.splice(0) });
    case "tickets":
      return reply({ id: message.id, tickets: relay.tickets(message.kind, message.count) });
    case "memory":
      return reply({ id: message.id, memory: await memoryAfterGc() });
    case "cpu": {
      const { user, system } = process.cpuUsage();
      return reply({ id: message.id, cpuMicros: user + system });
    }
  }
});
// The client process ends us by disconnecting; a normal exit writes --cpu-prof output.
process.on("disconnect", () => process.exit(0));
reply({ id: 0, ready: true, port: relay.port });
