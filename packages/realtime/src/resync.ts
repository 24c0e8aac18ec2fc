// After the event stream was interrupted (LISTEN reconnected) any event may have
// been lost: re-validate every socket's session and room role, then tell every
// feed socket to pull, since any change may have gone unannounced.
import { failure, type RelayContext } from "./context";
import { CLOSE, changesFrame } from "./frames";
import { checkRoster } from "./room-roster";

export async function resync(ctx: RelayContext): Promise<void> {
  ctx.resyncs++;
  await recheckSessions(ctx);
  await Promise.all([...ctx.registry.rooms.values()].map((room) => checkRoster(room, ctx)));
  await announceLatest(ctx);
}

async function recheckSessions(ctx: RelayContext): Promise<void> {
  const { registry, settings } = ctx;
  const sessionIds = [...registry.bySession.keys()];
  if (sessionIds.length === 0) return;
  try {
    const live = await settings.access.liveSessions(sessionIds);
    for (const sessionId of sessionIds) if (!live.has(sessionId)) registry.revokeSession(sessionId);
  } catch (error) {
    // Unverifiable sessions are closed; each client's new ticket re-proves its own.
    settings.log.error(failure(error), "liveSessions failed during resync");
    for (const sessionId of sessionIds) {
      for (const ws of [...(registry.bySession.get(sessionId) ?? [])]) {
        registry.drop(ws, CLOSE.internalError, "session check failed");
      }
    }
  }
}

async function announceLatest(ctx: RelayContext): Promise<void> {
  const { registry, settings } = ctx;
  if (registry.feedSockets === 0) return;
  let seq: number;
  try {
    seq = await settings.access.latestSeq();
  } catch (error) {
    // A reconnecting client pulls on its own, which is what `changes` asks for.
    settings.log.error(failure(error), "latestSeq failed during resync");
    for (const sockets of [...registry.feedByAccount.values()]) {
      for (const ws of [...sockets]) registry.drop(ws, CLOSE.internalError, "resync failed");
    }
    return;
  }
  const frame = changesFrame(seq);
  for (const sockets of registry.feedByAccount.values()) {
    for (const ws of sockets) registry.sendText(ws, frame);
  }
}
