import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { PUBLIC_URL, startRelay, type TestRelay } from "../test/test-relay";

let relay: TestRelay;
afterEach(() => relay.stop());

const NOTE = randomUUID();

describe("upgrade", () => {
  it("knows its own paths", async () => {
    relay = await startRelay();
    expect(relay.rt.handles("/v1/feed")).toBe(true);
    expect(relay.rt.handles(`/v1/rooms/${NOTE.toUpperCase()}`)).toBe(true);
    expect(relay.rt.handles("/v1/rooms/not-a-uuid")).toBe(false);
    expect(relay.rt.handles("/v1/notes")).toBe(false);
  });

  it("answers 401 with a Bearer challenge when the ticket is missing", async () => {
    relay = await startRelay();
    const client = relay.connect("/v1/feed");
    const refused = await client.until(() => client.refused, "refusal");
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="notes"');
    expect(refused.headers["content-type"]).toBe("application/problem+json");
  });

  it("answers 403 to a browser from another origin, admits its own origin", async () => {
    relay = await startRelay();
    const grant = { kind: "feed", accountId: "a", sessionId: "s" } as const;
    const evil = relay.connect("/v1/feed", relay.access.issue(grant), {
      origin: "https://evil.example",
    });
    expect((await evil.until(() => evil.refused, "refusal")).status).toBe(403);
    const own = relay.connect("/v1/feed", relay.access.issue(grant), { origin: PUBLIC_URL });
    await own.opened();
    await own.until(() => relay.rt.stats().feedSockets === 1, "admission");
  });

  it("answers 404 to an unknown path", async () => {
    relay = await startRelay();
    const client = relay.connect("/v1/elsewhere", "t");
    expect((await client.until(() => client.refused, "refusal")).status).toBe(404);
  });

  it("closes 4401 right after the upgrade for a used or unknown ticket", async () => {
    relay = await startRelay();
    const ticket = relay.access.issue({ kind: "feed", accountId: "a", sessionId: "s" });
    const first = relay.connect("/v1/feed", ticket);
    await first.until(() => relay.rt.stats().feedSockets === 1, "admission");
    const again = relay.connect("/v1/feed", ticket);
    expect((await again.whenClosed()).code).toBe(4401);
    expect(again.upgraded).toBe(true);
    expect((await relay.connect("/v1/feed", "unknown").whenClosed()).code).toBe(4401);
    expect(first.closed).toBeUndefined();
  });

  it("refuses a room ticket for another note", async () => {
    relay = await startRelay();
    const ticket = relay.access.issue({
      kind: "room",
      accountId: "a",
      sessionId: "s",
      noteId: randomUUID(),
      role: "editor",
    });
    expect((await relay.connect(`/v1/rooms/${NOTE}`, ticket).whenClosed()).code).toBe(4401);
  });

  it("closes 1011 and logs when redemption fails", async () => {
    relay = await startRelay();
    relay.access.failing.add("redeemTicket");
    const client = relay.connect("/v1/feed", "t");
    expect((await client.whenClosed()).code).toBe(1011);
    expect(relay.log.lines.some((line) => line.level === "error")).toBe(true);
  });

  it("does not admit a socket whose session was revoked during redemption", async () => {
    relay = await startRelay();
    let release = (): void => {};
    relay.access.redeemGate = new Promise((resolve) => {
      release = resolve;
    });
    let started = false;
    relay.access.onRedeem = () => {
      started = true;
    };
    const ticket = relay.access.issue({ kind: "feed", accountId: "a", sessionId: "s1" });
    const client = relay.connect("/v1/feed", ticket);
    await client.until(() => started, "redemption to start");
    relay.rt.dispatch({ e: "session", sessionId: "s1", accountId: "a" });
    release();
    expect((await client.whenClosed()).code).toBe(4401);
    expect(client.texts).toEqual([{ type: "revoked" }]);
    expect(relay.rt.stats().feedSockets).toBe(0);
  });

  it("close() closes every socket with 1001 and refuses new upgrades", async () => {
    relay = await startRelay();
    const feed = relay.connect(
      "/v1/feed",
      relay.access.issue({ kind: "feed", accountId: "a", sessionId: "s" }),
    );
    await feed.until(() => relay.rt.stats().feedSockets === 1, "admission");
    await relay.rt.close();
    expect((await feed.whenClosed()).code).toBe(1001);
    const late = relay.connect("/v1/feed", "t");
    expect((await late.until(() => late.refused, "refusal")).status).toBe(503);
  });
});
