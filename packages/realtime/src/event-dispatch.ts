// Turns one announced event into frames and closes for the sockets it concerns
// (contract.md §7). Index lookups keep it O(affected sockets); the only awaits are
// the `access` reads an event needs, and only when this process has a listener.
import { failure, type RelayContext } from "./context";
import type { RealtimeEvent } from "./deps";
import { ACCOUNT_FRAME, bridgeFrame, changesFrame } from "./frames";
import { checkRoster, closeRoom } from "./room-roster";

type NoteEvent = Extract<RealtimeEvent, { e: "note" }>;
type BridgeEvent = Extract<RealtimeEvent, { e: "bridge" }>;

export function dispatchEvent(event: RealtimeEvent, ctx: RelayContext): void {
  switch (event.e) {
    case "account":
      ctx.registry.sendTextToAccount(event.accountId, ACCOUNT_FRAME);
      return;
    case "session":
      ctx.registry.revokeSession(event.sessionId);
      return;
    case "note":
      dispatchNoteEvent(event, ctx);
      return;
    case "bridge":
      if (ctx.registry.feedSockets > 0) void announceBridge(event, ctx);
      return;
  }
}

function dispatchNoteEvent(event: NoteEvent, ctx: RelayContext): void {
  const { registry } = ctx;
  // A write moved the owner's usage: their profile view changed too.
  if (event.kind === "write") registry.sendTextToAccount(event.ownerId, ACCOUNT_FRAME);
  const room = registry.rooms.get(event.noteId.toLowerCase());
  if (room && event.kind === "delete") closeRoom(room, ctx);
  else if (room && event.kind === "roster") void checkRoster(room, ctx);
  if (registry.feedSockets > 0) void announceChanges(event, ctx);
}

async function announceChanges(event: NoteEvent, ctx: RelayContext): Promise<void> {
  const { registry, settings } = ctx;
  let accountIds: string[];
  try {
    accountIds = await settings.access.accountsAt(event.noteId, event.seq);
  } catch (error) {
    // No socket to blame: the concerned clients learn of the change with the
    // next one or their next reconnect's pull.
    settings.log.error(
      { ...failure(error), noteId: event.noteId, seq: event.seq },
      "accountsAt failed",
    );
    return;
  }
  const frame = changesFrame(event.seq);
  for (const accountId of accountIds) registry.sendTextToAccount(accountId, frame);
}

/**
 * A transmission goes to the feed sockets of accounts with bridge access now
 * (a tier may have changed since the socket opened). A message too large for
 * NOTIFY came by seq only and is read back first.
 */
async function announceBridge(event: BridgeEvent, ctx: RelayContext): Promise<void> {
  const { registry, settings } = ctx;
  try {
    const message = event.message ?? (await settings.access.bridgeMessage(event.seq));
    if (!message) return;
    const audience = await settings.access.bridgeAudience([...registry.feedByAccount.keys()]);
    const frame = bridgeFrame(message);
    for (const accountId of audience) registry.sendTextToAccount(accountId, frame);
  } catch (error) {
    // Members repair gaps by paging the log from their last-seen seq.
    settings.log.error({ ...failure(error), seq: event.seq }, "bridge announce failed");
  }
}
