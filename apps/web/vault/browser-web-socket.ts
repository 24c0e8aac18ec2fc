// The browser's WebSocket as the SDK's socket clients take it, or undefined where
// there is none (unit tests in Node, very old browsers): the app then falls back to
// polling and to editing without a live room.
import type { WebSocketConstructor } from "@notes/client";

export function browserWebSocket(): WebSocketConstructor | undefined {
  if (typeof WebSocket === "undefined") return undefined;
  return WebSocket satisfies WebSocketConstructor;
}
