// One interval timer for every socket (no per-socket timers): pings admitted
// sockets, closes those silent past the idle timeout (contract.md §7), gives up on
// ticket redemptions that hang, and cuts off sockets that ignore our close frame.

import { CLOSE } from "./frames";
import type { Settings } from "./options";
import type { Registry } from "./registry";

export function startLiveness(registry: Registry, settings: Settings): () => void {
  const timer = setInterval(() => tick(registry, settings), settings.pingIntervalMs);
  // The http server keeps the process alive, not this timer.
  timer.unref();
  return () => clearInterval(timer);
}

function tick(registry: Registry, settings: Settings): void {
  const now = Date.now();
  for (const ws of registry.open) {
    if (now - ws.lastSeen > settings.idleTimeoutMs) {
      // A peer silent this long will not answer a close handshake either.
      registry.remove(ws);
      ws.terminate();
    } else {
      ws.ping();
    }
  }
  for (const ws of registry.pending) {
    if (now - ws.lastSeen > settings.idleTimeoutMs) {
      registry.drop(ws, CLOSE.internalError, "ticket check timed out");
    }
  }
  for (const ws of registry.closing) {
    if (now - ws.lastSeen >= settings.closeGraceMs) {
      registry.closing.delete(ws);
      ws.terminate();
    }
  }
  // A revocation matters only to redemptions in flight when it came, and none
  // outlives the idle timeout (see above).
  for (const [sessionId, at] of registry.revokedWhilePending) {
    if (registry.pending.size === 0 || now - at > settings.idleTimeoutMs) {
      registry.revokedWhilePending.delete(sessionId);
    }
  }
}
