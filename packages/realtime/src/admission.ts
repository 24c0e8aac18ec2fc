// From a completed upgrade to an admitted socket: redeem the ticket (contract.md
// §7: a bad ticket closes 4401 right after the upgrade), then enter the indexes.
// The socket is paused meanwhile, so frames a client sends early wait in the
// kernel instead of being relayed unauthenticated or lost.
import { failure, type RelayContext } from "./context";
import type { TicketGrant } from "./deps";
import { CLOSE, changesFrame, REVOKED_FRAME } from "./frames";
import type { Target } from "./paths";
import type { RelaySocket } from "./relay-socket";
import type { SocketEvents } from "./socket-events";

export function beginAdmission(
  ws: RelaySocket,
  target: Target,
  ticket: string,
  ctx: RelayContext,
  events: SocketEvents,
): void {
  ws.on("close", events.onClose);
  ws.on("error", events.onError);
  ws.pause();
  ws.lastSeen = Date.now();
  ctx.registry.pending.add(ws);
  void admit(ws, target, ticket, ctx, events);
}

async function admit(
  ws: RelaySocket,
  target: Target,
  ticket: string,
  ctx: RelayContext,
  events: SocketEvents,
): Promise<void> {
  const { registry, settings } = ctx;
  const resyncsBefore = ctx.resyncs;
  let grant: TicketGrant | undefined;
  let live = true;
  try {
    grant = await settings.access.redeemTicket(ticket, target);
    // A resync began while we waited: the revocation of this session may have
    // been lost with the interrupted event stream, so ask directly.
    if (grant && ctx.resyncs !== resyncsBefore) {
      live = (await settings.access.liveSessions([grant.sessionId])).has(grant.sessionId);
    }
  } catch (error) {
    settings.log.error(failure(error), "ticket redemption failed");
    registry.drop(ws, CLOSE.internalError, "ticket check failed");
    return;
  }
  // Closed by the client, timed out or shut down while we waited.
  if (!registry.pending.has(ws)) return;
  if (!grant || !grants(grant, target)) {
    registry.drop(ws, CLOSE.unauthorized, "ticket used, expired or unknown");
    return;
  }
  if (!live || registry.revokedWhilePending.has(grant.sessionId)) {
    // Told the same way as a revocation of an admitted socket.
    if (grant.kind === "feed") {
      registry.admit(ws, grant);
      registry.sendText(ws, REVOKED_FRAME);
    }
    registry.drop(ws, CLOSE.unauthorized, "session revoked");
    return;
  }
  registry.pending.delete(ws);
  ws.on("pong", events.onPong);
  ws.on("message", grant.kind === "feed" ? events.onFeedMessage : events.onRoomMessage);
  registry.admit(ws, grant);
  ws.resume();
  if (grant.kind === "feed") void greetFeed(ws, ctx);
}

/**
 * A feed's first event is `changes` at the latest seq. The socket is already in
 * the indexes, so together with later events nothing committed before or after
 * the admission goes unannounced: a reconnecting client pulls what it missed.
 */
async function greetFeed(ws: RelaySocket, ctx: RelayContext): Promise<void> {
  try {
    const seq = await ctx.settings.access.latestSeq();
    if (ws.readyState === ws.OPEN) ctx.registry.sendText(ws, changesFrame(seq));
  } catch (error) {
    ctx.settings.log.error(failure(error), "latest seq unavailable");
  }
}

/** The grant is for the socket asked for (access promises so; checked anyway). */
function grants(grant: TicketGrant, target: Target): boolean {
  if (target.kind === "feed") return grant.kind === "feed";
  return grant.kind === "room" && grant.noteId.toLowerCase() === target.noteId;
}
