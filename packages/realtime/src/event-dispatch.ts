// Turns one announced event into frames and closes for the sockets it concerns
// (contract.md §7). Index lookups keep it O(affected sockets); the only awaits are
// the `access` reads an event needs, and only when this process has a listener.
import { failure, type RelayContext } from "./context";
import type { RealtimeEvent } from "./deps";
import { ACCOUNT_FRAME, changesFrame } from "./frames";
import { checkRoster, closeRoom } from "./room-roster";

type NoteEvent = Extract<RealtimeEvent, { e: "note" }>;

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
