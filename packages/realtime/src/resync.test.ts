import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type TestClient, type TestRelay } from "../test/test-relay";
import type { LiveRole } from "./deps";

let relay: TestRelay;
afterEach(() => relay.stop());

const NOTE = randomUUID();

async function admitted(client: TestClient, feeds: number, rooms: number): Promise<TestClient> {
  await client.until(
    () => relay.rt.stats().feedSockets === feeds && relay.rt.stats().roomSockets === rooms,
    "admission",
  );
  return client;
}

function feed(accountId: string, sessionId: string): TestClient {
  return relay.connect("/v1/feed", relay.access.issue({ kind: "feed", accountId, sessionId }));
}

function room(accountId: string, sessionId: string, role: LiveRole): TestClient {
  const ticket = relay.access.issue({ kind: "room", accountId, sessionId, noteId: NOTE, role });
  return relay.connect(`/v1/rooms/${NOTE}`, ticket);
}

describe("resync", () => {
  it("closes dead sessions, re-checks rooms and tells every feed to pull", async () => {
    relay = await startRelay();
    const liveFeed = await admitted(feed("a", "live"), 1, 0);
    const deadFeed = await admitted(feed("b", "dead"), 2, 0);
    const deadRoom = await admitted(room("b", "dead", "editor"), 2, 1);
    const removed = await admitted(room("c", "live2", "editor"), 2, 2);
    const member = await admitted(room("a", "live", "owner"), 2, 3);
    relay.access.liveSessionIds = new Set(["live", "live2"]);
    relay.access.roles.set(NOTE, new Map<string, LiveRole>([["a", "owner"]]));
    relay.access.latest = 42;
    await relay.rt.resync();
    expect((await deadFeed.whenClosed()).code).toBe(4401);
    expect(deadFeed.texts).toEqual([{ type: "changes", seq: "0" }, { type: "revoked" }]);
    expect((await deadRoom.whenClosed()).code).toBe(4401);
    expect((await removed.whenClosed()).code).toBe(4403);
    await liveFeed.heard({ type: "changes", seq: "42" });
    await member.heard({ type: "peers", count: 1 });
    expect(relay.rt.stats()).toEqual({ feedSockets: 1, roomSockets: 1, rooms: 1 });
  });

  it("checks a session admitted while a resync ran, as its revocation may be lost", async () => {
    relay = await startRelay();
    let release = (): void => {};
    relay.access.redeemGate = new Promise((resolve) => {
      release = resolve;
    });
    let started = false;
    relay.access.onRedeem = () => {
      started = true;
    };
    const client = feed("a", "gone");
    await client.until(() => started, "redemption to start");
    relay.access.liveSessionIds = new Set();
    await relay.rt.resync();
    release();
    expect((await client.whenClosed()).code).toBe(4401);
    expect(client.texts).toEqual([{ type: "revoked" }]);
  });

  it("closes feeds 1011 when the latest seq cannot be read, and never rejects", async () => {
    relay = await startRelay();
    const client = await admitted(feed("a", "s"), 1, 0);
    relay.access.failing.add("latestSeq");
    await relay.rt.resync();
    expect((await client.whenClosed()).code).toBe(1011);
    expect(relay.log.lines.some((line) => line.level === "error")).toBe(true);
  });
});
