// Issue 33, item 2 on the bridge: members welcomed newcomers with no action at all, so
// an account the server lists as a member (a "ghost" of its own making) got the bridge
// key from the first member whose page opened. Now a member's device hands the key out
// on its own only to members it vouches for (a safety number compared, or someone its
// person let in, or who proved they hold a key it trusts); anyone else waits, listed by
// name, until the person lets them in, and the person sees whom they let in.
import { loadSodium, openBridgeKey, type SharingKeyPair } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember, compared } from "../../test/support/bridge-members";
import { FakeBridge } from "../../test/support/test-bridge-server";

const sodium = await loadSodium();

function opensAny(bridge: FakeBridge, keyPair: SharingKeyPair): boolean {
  return bridge.wraps.some((w) => {
    try {
      openBridgeKey(sodium, w.wrappedKey, w.epochId, keyPair);
      return true;
    } catch {
      return false;
    }
  });
}

describe("item 2: a ghost member the server adds to the bridge", () => {
  it("is not handed the key by a member's handshake, and is shown as waiting", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const log = alice.log();
    await log.handshake();
    const ghost = await bridgeMember(bridge, 0x66, "ghost");

    const state = await log.handshake();
    expect(opensAny(bridge, ghost.keyPair)).toBe(false);
    expect(state).toMatchObject({
      kind: "ready",
      welcomed: [],
      waiting: [{ userId: ghost.id, handle: "ghost" }],
    });
  });

  it("is not handed a rotated key either", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const log = alice.log();
    await log.handshake();
    const ghost = await bridgeMember(bridge, 0x66, "ghost");
    await log.rotate();
    expect(opensAny(bridge, ghost.keyPair)).toBe(false);
  });

  it("a newcomer the person lets in gets the key, and later rotations reach them unasked", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const log = alice.log();
    await log.handshake();
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    const ghost = await bridgeMember(bridge, 0x66, "ghost");

    expect(await log.admit(bob.id)).toEqual({ userId: bob.id, handle: "bob" });
    expect(opensAny(bridge, bob.keyPair)).toBe(true);
    const rotated = await log.rotate();
    expect(
      bridge.wraps
        .filter((w) => w.epochId === rotated)
        .map((w) => w.recipientId)
        .sort(),
    ).toEqual([alice.id, bob.id].sort());
    expect(opensAny(bridge, ghost.keyPair)).toBe(false);
  });

  it("a member whose safety number the person compared is welcomed automatically, by name", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const carol = await bridgeMember(bridge, 0xc1, "carol");
    compared(alice, carol);
    const log = alice.log();
    await log.handshake();
    expect(opensAny(bridge, carol.keyPair)).toBe(true);
    const dave = await bridgeMember(bridge, 0xd1, "dave");
    const state = await log.handshake();
    expect(state).toMatchObject({ kind: "ready", welcomed: [], waiting: [{ userId: dave.id }] });
    expect(opensAny(bridge, dave.keyPair)).toBe(false);
  });

  it("a member let in by someone else is welcomed by that person's device, not by this one", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    const aliceLog = alice.log();
    await aliceLog.handshake();
    await aliceLog.admit(bob.id);
    const bobLog = bob.log();
    await bobLog.handshake();
    const carol = await bridgeMember(bridge, 0xc1, "carol");
    await bobLog.admit(carol.id);
    // Alice rotates: Carol is not hers to vouch for, so she waits on Alice's screen...
    const rotated = await aliceLog.rotate();
    expect(bridge.wraps.some((w) => w.epochId === rotated && w.recipientId === carol.id)).toBe(
      false,
    );
    // ...until Bob's device, which let her in, hands her the new key at its next handshake.
    expect(await bobLog.handshake()).toMatchObject({
      epochId: rotated,
      welcomed: [{ userId: carol.id }],
    });
    const carolLog = carol.log();
    expect(await carolLog.handshake()).toMatchObject({ kind: "ready", epochId: rotated });
  });
});
