// Test support (not exported): a WebSocket stand-in the tests drive by hand, and
// ticket answers for the fake fetch.

import type { SocketEvent, WebSocketConstructor, WebSocketLike } from "../../src/live/web-socket";
import { json } from "./test-fetch";

export interface FakeSocket extends WebSocketLike {
  readonly url: string;
  readonly sent: (Uint8Array | string)[];
  open(): void;
  receive(data: Uint8Array | string): void;
  serverClose(code: number): void;
}

export function fakeSockets(): { WebSocket: WebSocketConstructor; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  class Fake implements FakeSocket {
    binaryType = "blob";
    readonly sent: (Uint8Array | string)[] = [];
    private readonly listeners = new Map<string, ((event: SocketEvent) => void)[]>();
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(data: Uint8Array | string): void {
      this.sent.push(data);
    }
    close(code = 1000): void {
      this.fire({ type: "close", code });
    }
    addEventListener(type: string, listener: (event: SocketEvent) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    open(): void {
      this.fire({ type: "open" });
    }
    receive(data: Uint8Array | string): void {
      // Binary arrives as an ArrayBuffer, as with binaryType "arraybuffer".
      const payload = typeof data === "string" ? data : data.slice().buffer;
      this.fire({ type: "message", data: payload });
    }
    serverClose(code: number): void {
      this.fire({ type: "close", code });
    }
    private fire(event: SocketEvent): void {
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
    }
  }
  return { WebSocket: Fake, sockets };
}

export function ticket(n: number): Response {
  const url = `ws://relay/v1/rooms/x?ticket=t${n}`;
  return json({ ticket: `t${n}`, url, expiresAt: new Date(0).toISOString() }, 201);
}
