// Issue 33, item 11 on the bridge: a signed transmission served again under a new seq
// and time showed twice, both "(signed)", the copy as a new message: the signature bound
// neither place nor time in the log. A version-2 transmission carries, sealed and signed,
// the author's message id and send time; a reader marks a second transmission with the
// same id as a replay of the first and shows the author's time, not the server's.
import { loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember, compared } from "../../test/support/bridge-members";
import { FakeBridge, type FakeTransmission } from "../../test/support/test-bridge-server";

await loadSodium();

async function bobSpeaks(words: string) {
  const bridge = new FakeBridge();
  const alice = await bridgeMember(bridge, 0xa1, "alice");
  const bob = await bridgeMember(bridge, 0xb1, "bob");
  compared(alice, bob);
  const aliceLog = alice.log();
  await aliceLog.handshake();
  const bobLog = bob.log();
  await bobLog.handshake();
  const before = Date.now();
  const sent = await bobLog.send(words);
  const original = bridge.messages.find((m) => m.seq === sent.seq) as FakeTransmission;
  return { bridge, alice, bob, aliceLog, original, before };
}

/** The server serves `original` again as the newest transmission, a day later. */
function replay(bridge: FakeBridge, original: FakeTransmission): FakeTransmission {
  const copy = {
    ...original,
    seq: bridge.messages.length + 1,
    createdAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  bridge.messages.push(copy);
  return copy;
}

describe("item 11: a bridge transmission replayed under a new seq and time", () => {
  it("is marked as a replay of the first, which keeps its place and signature", async () => {
    const { bridge, bob, aliceLog, original } = await bobSpeaks("meet at nine");
    const copy = replay(bridge, original);

    const entries = (await aliceLog.page()).entries;
    expect(entries.map((e) => [e.seq, e.text, e.replayOf])).toEqual([
      [copy.seq, "meet at nine", original.seq],
      [original.seq, "meet at nine", undefined],
    ]);
    expect(entries[1]?.signature).toMatchObject({ status: "signed", signerId: bob.id });
  });

  it("shows the author's send time, not the time the server gives the copy", async () => {
    const { bridge, aliceLog, original, before } = await bobSpeaks("now");
    const copy = replay(bridge, original);
    const entry = aliceLog.open(copy);
    expect(entry.createdAt).toBe(copy.createdAt);
    const sentAt = Date.parse(entry.sentAt ?? "");
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(Date.now());
  });

  it("is marked whichever comes first: the feed's copy after the log, or a page in any order", async () => {
    const { bridge, alice, aliceLog, original } = await bobSpeaks("once");
    aliceLog.open(original);
    const copy = replay(bridge, original);
    expect(aliceLog.openFrame(copy)?.replayOf).toBe(original.seq);
    // A reload that meets the copy first (newest first) still marks the copy, not the first.
    const reloaded = alice.log();
    await reloaded.handshake();
    const marked = reloaded.openAll([copy, original]);
    expect(marked.map((e) => e.replayOf)).toEqual([original.seq, undefined]);
  });
});
