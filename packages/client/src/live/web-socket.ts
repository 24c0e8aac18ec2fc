// The slice of a WebSocket the socket clients use, so the browser's WebSocket, the
// `ws` package in Node and test fakes can all be injected.

export interface SocketEvent {
  type: string;
  /** Message payload: a string for text frames, binary (ArrayBuffer or a view) otherwise. */
  data?: unknown;
  /** Close code. */
  code?: number;
  reason?: string;
}

export interface WebSocketLike {
  binaryType: string;
  send(data: Uint8Array | string): void;
  close(code?: number, reason?: string): void;
  addEventListener(
    type: "open" | "message" | "close" | "error",
    listener: (event: SocketEvent) => void,
  ): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The bytes of a binary message, or undefined for a text (or unknown) one. */
export function binaryOf(data: unknown): Uint8Array | undefined {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data))
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/** Close codes the service uses (contract.md §7, docs/sharing.md). */
export const CLOSE = {
  /** Ticket used, expired or the session revoked. */
  unauthorized: 4401,
  /** Removed from the roster, or the note was deleted. */
  forbidden: 4403,
  /** The relay is overloaded or this socket fell behind: reconnect later. */
  tryAgainLater: 1013,
  /** A frame exceeded the relay's size limit. */
  tooBig: 1009,
} as const;
