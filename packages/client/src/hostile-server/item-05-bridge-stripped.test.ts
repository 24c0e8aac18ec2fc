// Issue 33, item 5 on the bridge: a server that strips a transmission's signature and
// renames its author made it read "unsigned", with no warning (a kept signature with a
// renamed author does warn). A transmission without a signature is now "stripped" when
// its author is known to sign: its sealed bytes say it was signed (version 2), the
// author's signing key is pinned, or this device saw them sign before.
import { loadSodium, sealTransmission, utf8Encode } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember, compared } from "../../test/support/bridge-members";
import { FakeBridge } from "../../test/support/test-bridge-server";

const sodium = await loadSodium();

async function aliceAndBob() {
  const bridge = new FakeBridge();
  const alice = await bridgeMember(bridge, 0xa1, "alice");
  const bob = await bridgeMember(bridge, 0xb1, "bob");
  const carol = await bridgeMember(bridge, 0xc1, "carol");
  compared(alice, bob);
  const aliceLog = alice.log();
  await aliceLog.handshake();
  const bobLog = bob.log();
  await bobLog.handshake();
  return { bridge, alice, bob, carol, aliceLog, bobLog };
}

describe("item 5: a bridge transmission stripped of its signature", () => {
  it("and renamed to another member reads as stripped, not as unsigned", async () => {
    const { bridge, carol, aliceLog, bobLog } = await aliceAndBob();
    const sent = await bobLog.send("from Bob");
    const served = bridge.messages.find((m) => m.seq === sent.seq);
    if (!served) throw new Error("not stored");
    delete served.signature;
    served.authorId = carol.id;
    served.authorHandle = "carol";

    const [entry] = (await aliceLog.page()).entries;
    expect(entry).toMatchObject({ text: "from Bob", authorId: carol.id });
    expect(entry?.signature).toEqual({ status: "stripped" });
  });

  it("under its own author's name reads as stripped too", async () => {
    const { bridge, bobLog, aliceLog } = await aliceAndBob();
    const sent = await bobLog.send("mine");
    const served = bridge.messages.find((m) => m.seq === sent.seq);
    if (served) delete served.signature;
    expect(aliceLog.open(served ?? sent).signature).toEqual({ status: "stripped" });
  });

  it("an unsigned transmission of a §9-only client reads as unsigned, without a warning", async () => {
    const { bridge, aliceLog } = await aliceAndBob();
    // Dave's client follows §9 alone: version-1 text, no signature, no signing key.
    const daveId = "00000000-0000-4000-8000-0000000000d1";
    const epochId = aliceLog.currentEpoch ?? "";
    const key = aliceLog.keys.get(epochId);
    if (!key) throw new Error("no key");
    bridge.messages.push({
      seq: bridge.messages.length + 1,
      body: sealTransmission(sodium, key, utf8Encode("plain old words")),
      epochId,
      createdAt: new Date().toISOString(),
      authorId: daveId,
    });
    const [entry] = (await aliceLog.page()).entries;
    expect(entry).toMatchObject({ text: "plain old words", signature: { status: "unsigned" } });
  });
});
