import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type TestRelay } from "../test/test-relay";

let relay: TestRelay;
afterEach(() => relay.stop());

describe("liveness", () => {
  it("closes a socket that stops answering pings, keeps one that answers", async () => {
    // Margins wide enough for a busy 2-core machine to answer pings in time.
    relay = await startRelay({ pingIntervalMs: 25, idleTimeoutMs: 200 });
    const grant = (sessionId: string) => ({ kind: "feed", accountId: "a", sessionId }) as const;
    const silent = relay.connect("/v1/feed", relay.access.issue(grant("s1")), { autoPong: false });
    const alive = relay.connect("/v1/feed", relay.access.issue(grant("s2")));
    // Terminated, not closed: a peer this silent would not answer a close frame.
    expect((await silent.whenClosed(1_000)).code).toBe(1006);
    const closedAt = Date.now();
    // Another two idle timeouts: the answering socket must still be there.
    await alive.until(() => Date.now() - closedAt > 400, "two idle timeouts");
    expect(alive.closed).toBeUndefined();
    expect(relay.rt.stats().feedSockets).toBe(1);
  });

  it("gives up on a ticket redemption that hangs past the idle timeout", async () => {
    relay = await startRelay({ pingIntervalMs: 20, idleTimeoutMs: 100 });
    relay.access.redeemGate = new Promise(() => {});
    const client = relay.connect("/v1/feed", "t");
    expect((await client.whenClosed(1_000)).code).toBe(1011);
  });

  it("sheds a slow consumer with 1013 instead of queueing without bound", async () => {
    relay = await startRelay({ maxBufferedBytes: 256 * 1024 });
    const noteId = randomUUID();
    const join = (accountId: string) =>
      relay.connect(
        `/v1/rooms/${noteId}`,
        relay.access.issue({
          kind: "room",
          accountId,
          sessionId: accountId,
          noteId,
          role: "editor",
        }),
      );
    const writer = join("writer");
    await writer.heard({ type: "peers", count: 1 });
    const slow = join("slow");
    await writer.heard({ type: "peers", count: 2 });
    // The slow client stops reading; the kernel buffers fill, then ws's.
    slow.ws.pause();
    const frame = Buffer.alloc(512 * 1024, 7);
    for (let i = 0; i < 128 && relay.rt.stats().roomSockets === 2; i++) {
      writer.ws.send(frame);
      await writer.roundTrip();
    }
    await writer.heard({ type: "peers", count: 1 });
    slow.ws.resume();
    expect((await slow.whenClosed(5_000)).code).toBe(1013);
    expect(writer.closed).toBeUndefined();
  });
});
