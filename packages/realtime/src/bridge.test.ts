// Bridge transmissions on the change feed (contract.md §7): only accounts with
// bridge access hear them, whole from the announcement or read back by seq.
import { afterEach, describe, expect, it } from "vitest";
import { startRelay, type TestClient, type TestRelay } from "../test/test-relay";

let relay: TestRelay;
afterEach(() => relay.stop());

async function feed(accountId: string): Promise<TestClient> {
  const before = relay.rt.stats().feedSockets;
  const client = relay.connect(
    "/v1/feed",
    relay.access.issue({ kind: "feed", accountId, sessionId: `s-${accountId}` }),
  );
  await client.until(() => relay.rt.stats().feedSockets === before + 1, "feed admission");
  await client.heard({ type: "changes", seq: "0" });
  client.texts.length = 0;
  return client;
}

const transmission = (seq: number) => ({
  seq,
  body: "AAAA",
  epochId: "uw4kvv41zWEq0G2nekpUpA",
  createdAt: "2026-01-01T00:00:00.000Z",
  authorId: "00000000-0000-4000-8000-000000000001",
});

describe("bridge announcements", () => {
  it("reach members with bridge access and nobody else", async () => {
    relay = await startRelay();
    const [member, free] = [await feed("member"), await feed("free")];
    relay.access.bridgeMembers.add("member");
    relay.rt.dispatch({ e: "bridge", seq: 3, message: transmission(3) });
    await member.heard({ type: "bridge", message: transmission(3) });
    // Frames arrive in order: once the later marker is in, nothing else was sent.
    relay.rt.dispatch({ e: "account", accountId: "free" });
    await free.heard({ type: "account" });
    expect(free.texts).toEqual([{ type: "account" }]);
  });

  it("read a transmission announced by seq only back before sending it", async () => {
    relay = await startRelay();
    const member = await feed("member");
    relay.access.bridgeMembers.add("member");
    relay.access.bridge.set(9, transmission(9));
    relay.rt.dispatch({ e: "bridge", seq: 9 });
    await member.heard({ type: "bridge", message: transmission(9) });
  });

  it("log a failed read and keep the feed open", async () => {
    relay = await startRelay();
    const member = await feed("member");
    relay.access.bridgeMembers.add("member");
    relay.access.failing.add("bridgeAudience");
    relay.rt.dispatch({ e: "bridge", seq: 4, message: transmission(4) });
    await member.until(
      () => relay.log.lines.some((l) => l.msg === "bridge announce failed"),
      "the failure logged",
    );
    relay.access.failing.clear();
    relay.rt.dispatch({ e: "bridge", seq: 5, message: transmission(5) });
    await member.heard({ type: "bridge", message: transmission(5) });
    expect(member.texts).toEqual([{ type: "bridge", message: transmission(5) }]);
  });
});
