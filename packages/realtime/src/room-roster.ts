// Keeps a room's sockets in step with the note's roster (contract.md §7): a socket
// whose account left the roster is closed 4403, one whose role changed takes the
// new role (a demoted editor's frames are dropped from then on). After a removal the
// others hear `member-removed`: frames the removed member sent just before may hold
// text the server refused to store (docs/sharing.md, "Live text of a removed editor").
import { failure, type RelayContext } from "./context";
import type { LiveRole } from "./deps";
import { CLOSE, MEMBER_REMOVED_FRAME } from "./frames";
import type { Room } from "./relay-socket";

/**
 * Re-reads the live roles of the room's note. Checks on one room never overlap:
 * an answer read earlier but arriving later could otherwise undo a demotion, so
 * an event during a check asks for one more check after it.
 */
export function checkRoster(room: Room, ctx: RelayContext): Promise<void> {
  if (room.checking) {
    room.recheck = true;
    return room.checking;
  }
  const checking = runChecks(room, ctx).finally(() => {
    room.checking = undefined;
  });
  room.checking = checking;
  return checking;
}

async function runChecks(room: Room, ctx: RelayContext): Promise<void> {
  const { registry, settings } = ctx;
  do {
    room.recheck = false;
    let roles: Map<string, LiveRole>;
    try {
      roles = await settings.access.liveRoles(room.noteId);
    } catch (error) {
      // Without an answer we cannot tell who may stay: close, and let each
      // client's new ticket prove its membership again.
      settings.log.error({ ...failure(error), noteId: room.noteId }, "liveRoles failed");
      for (const ws of [...room.sockets]) {
        registry.drop(ws, CLOSE.internalError, "roster check failed");
      }
      return;
    }
    applyRoles(room, roles, ctx);
  } while (room.recheck && room.sockets.size > 0);
}

function applyRoles(room: Room, roles: Map<string, LiveRole>, ctx: RelayContext): void {
  let removed = false;
  for (const ws of [...room.sockets]) {
    const role = roles.get(ws.accountId);
    if (role === undefined) {
      ctx.registry.drop(ws, CLOSE.forbidden, "no longer a member");
      removed = true;
    } else ws.role = role;
  }
  if (removed) for (const ws of room.sockets) ctx.registry.sendText(ws, MEMBER_REMOVED_FRAME);
}

export function closeRoom(room: Room, ctx: RelayContext): void {
  for (const ws of [...room.sockets]) ctx.registry.drop(ws, CLOSE.forbidden, "note deleted");
}
