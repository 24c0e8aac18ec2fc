import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type TestClient, type TestRelay } from "../test/test-relay";

let relay: TestRelay;
afterEach(() => relay.stop());

const NOTE = randomUUID();

async function feed(accountId: string, sessionId: string): Promise<TestClient> {
  const before = relay.rt.stats().feedSockets;
  const client = relay.connect(
    "/v1/feed",
    relay.access.issue({ kind: "feed", accountId, sessionId }),
  );
  await client.until(() => relay.rt.stats().feedSockets === before + 1, "feed admission");
  // Every feed opens with a pull at the latest seq (then later events only).
  await client.heard({ type: "changes", seq: String(relay.access.latest) });
  client.texts.length = 0;
  return client;
}

async function room(accountId: string, sessionId: string): Promise<TestClient> {
  const client = relay.connect(
    `/v1/rooms/${NOTE}`,
    relay.access.issue({ kind: "room", accountId, sessionId, noteId: NOTE, role: "editor" }),
  );
  await client.heard({ type: "peers", count: 1 });
  return client;
}

describe("change feed", () => {
  it("opens with changes at the latest seq, so a reconnecting client pulls what it missed", async () => {
    relay = await startRelay();
    relay.access.latest = 41;
    const client = relay.connect(
      "/v1/feed",
      relay.access.issue({ kind: "feed", accountId: "a", sessionId: "s" }),
    );
    await client.heard({ type: "changes", seq: "41" });
    expect(client.texts).toEqual([{ type: "changes", seq: "41" }]);
  });

  it("tells only the accounts whose view moved, and the owner that usage moved", async () => {
    relay = await startRelay();
    const [owner, member, other] = [
      await feed("owner", "s1"),
      await feed("member", "s2"),
      await feed("other", "s3"),
    ];
    relay.access.concerned.set(`${NOTE}@7`, ["owner", "member"]);
    relay.rt.dispatch({ e: "note", kind: "write", noteId: NOTE, seq: 7, ownerId: "owner" });
    await member.heard({ type: "changes", seq: "7" });
    await owner.heard({ type: "changes", seq: "7" });
    expect(owner.texts).toContainEqual({ type: "account" });
    expect(member.texts).toEqual([{ type: "changes", seq: "7" }]);
    // Frames arrive in order: once a later marker is in, nothing else was sent.
    relay.rt.dispatch({ e: "account", accountId: "other" });
    await other.heard({ type: "account" });
    expect(other.texts).toEqual([{ type: "account" }]);
  });

  it("sends account to every feed socket of that account", async () => {
    relay = await startRelay();
    const [first, second] = [await feed("a", "s1"), await feed("a", "s2")];
    relay.rt.dispatch({ e: "account", accountId: "a" });
    await first.heard({ type: "account" });
    await second.heard({ type: "account" });
  });

  it("on a revoked session sends revoked then 4401, and closes its room sockets 4401", async () => {
    relay = await startRelay();
    const revokedFeed = await feed("a", "s1");
    const revokedRoom = await room("a", "s1");
    const otherSession = await feed("a", "s2");
    relay.rt.dispatch({ e: "session", sessionId: "s1", accountId: "a" });
    expect((await revokedFeed.whenClosed()).code).toBe(4401);
    expect(revokedFeed.texts).toEqual([{ type: "revoked" }]);
    expect((await revokedRoom.whenClosed()).code).toBe(4401);
    relay.rt.dispatch({ e: "account", accountId: "a" });
    await otherSession.heard({ type: "account" });
    expect(otherSession.closed).toBeUndefined();
    expect(relay.rt.stats()).toEqual({ feedSockets: 1, roomSockets: 0, rooms: 0 });
  });

  it("logs a failing accountsAt and keeps serving", async () => {
    relay = await startRelay();
    const client = await feed("a", "s1");
    relay.access.failing.add("accountsAt");
    relay.rt.dispatch({ e: "note", kind: "write", noteId: NOTE, seq: 3, ownerId: "a" });
    await client.until(
      () => relay.log.lines.some((line) => line.msg === "accountsAt failed"),
      "the error logged",
    );
    relay.access.failing.clear();
    relay.access.concerned.set(`${NOTE}@4`, ["a"]);
    relay.rt.dispatch({ e: "note", kind: "write", noteId: NOTE, seq: 4, ownerId: "a" });
    await client.heard({ type: "changes", seq: "4" });
  });
});
