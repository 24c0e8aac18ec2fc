// The SDK's bridge: the first member opens a signed, numbered epoch; members hand the
// current key to those they vouch for and list the others as waiting until let in; a
// member without the key waits; transmissions are version-2 messages padded and sealed
// to 1,064 bytes that other members open.
import {
  decodeBridgeMessage,
  fromBase64,
  generateBridgeKey,
  loadSodium,
  openBridgeKey,
  openTransmission,
  sealBridgeKey,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember, compared } from "../../test/support/bridge-members";
import { FakeBridge } from "../../test/support/test-bridge-server";
import { createApiClient } from "../api/client";
import { BridgeLog, BridgeNeedsSession, NoBridgeKey, NotLackingBridgeKey } from "./bridge-log";

const sodium = await loadSodium();

describe("the bridge handshake", () => {
  it("lets the first member open epoch 1 and hand it to a member she compared numbers with", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    compared(alice, bob);
    const state = await alice.log().handshake();
    expect(state).toMatchObject({
      kind: "opened",
      epochNumber: 1,
      welcomed: [{ userId: bob.id, handle: "bob" }],
      waiting: [],
    });
    const bobWrap = bridge.wraps.find((w) => w.recipientId === bob.id);
    expect(bobWrap).toMatchObject({ epochId: state.epochId, epochNumber: 1 });
    expect(fromBase64(bobWrap?.signature ?? "")).toHaveLength(80);
    openBridgeKey(sodium, bobWrap?.wrappedKey ?? "", state.epochId, bob.keyPair);
    expect(await bob.log().handshake()).toEqual({
      kind: "ready",
      epochId: state.epochId,
      epochNumber: 1,
      welcomed: [],
      waiting: [],
    });
  });

  it("lists a newcomer as waiting until the person lets them in", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const aliceLog = alice.log();
    const { epochId } = await aliceLog.handshake();
    const carol = await bridgeMember(bridge, 0xc1, "carol");
    const carolLog = carol.log();
    expect(await carolLog.handshake()).toEqual({ kind: "waiting", epochId });
    await expect(carolLog.send("hello?")).rejects.toThrow(NoBridgeKey);
    expect(await aliceLog.handshake()).toMatchObject({
      kind: "ready",
      welcomed: [],
      waiting: [{ userId: carol.id, handle: "carol" }],
    });
    expect(await aliceLog.admit(carol.id)).toEqual({ userId: carol.id, handle: "carol" });
    await expect(aliceLog.admit(carol.id)).rejects.toBeInstanceOf(NotLackingBridgeKey);
    expect(await carolLog.handshake()).toMatchObject({ kind: "ready", epochId });
    expect(await aliceLog.handshake()).toMatchObject({ welcomed: [], waiting: [] });
  });

  it("rotates to the next number, handed to everyone it vouches for", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    compared(alice, bob);
    const first = (await alice.log().handshake()).epochId;
    const bobLog = bob.log();
    await bobLog.handshake();
    const rotated = await bobLog.rotate();
    expect(rotated).not.toBe(first);
    const wraps = bridge.wraps.filter((w) => w.epochId === rotated);
    expect(wraps.map((w) => w.recipientId).sort()).toEqual([alice.id, bob.id].sort());
    expect(wraps.every((w) => w.epochNumber === 2)).toBe(true);
  });

  it("upgrades a bridge from before signed handouts: one member opens epoch 1, others wait", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    const legacy = generateBridgeKey(sodium);
    for (const m of [alice, bob])
      bridge.wraps.push({
        recipientId: m.id,
        epochId: legacy.epochId,
        wrappedKey: sealBridgeKey(sodium, legacy.key, m.keyPair.publicKey),
        senderId: alice.id,
        createdAt: new Date().toISOString(),
      });
    const aliceLog = alice.log();
    const opened = await aliceLog.handshake();
    expect(opened).toMatchObject({ kind: "opened", epochNumber: 1, waiting: [{ userId: bob.id }] });
    // The old key still reads history; nothing new is said under it.
    expect(aliceLog.keys.get(legacy.epochId)).toEqual(legacy.key);
    const bobLog = bob.log();
    expect(await bobLog.handshake()).toEqual({ kind: "waiting", epochId: opened.epochId });
    await aliceLog.admit(bob.id);
    expect(await bobLog.handshake()).toMatchObject({ kind: "ready", epochId: opened.epochId });
  });

  it("needs a session to hand keys out: handouts are signed", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const api = createApiClient({ baseUrl: "https://notes.test", fetch: bridge.fetchAs(alice.id) });
    const log = new BridgeLog(api, sodium, alice.keyPair, alice.id);
    await expect(log.handshake()).rejects.toBeInstanceOf(BridgeNeedsSession);
    await expect(log.rotate()).rejects.toBeInstanceOf(BridgeNeedsSession);
  });
});

describe("bridge transmissions", () => {
  async function pair() {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    compared(alice, bob);
    const aliceLog = alice.log();
    await aliceLog.handshake();
    const bobLog = bob.log();
    await bobLog.handshake();
    return { bridge, alice, bob, aliceLog, bobLog };
  }

  it("are version-2 messages padded and sealed to 1,064 bytes, opened by others, newest first", async () => {
    const { bridge, alice, aliceLog, bobLog } = await pair();
    await aliceLog.send("first", "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d");
    const sent = await aliceLog.send("second ✓");
    expect(aliceLog.open(sent).text).toBe("second ✓");
    for (const m of bridge.messages) expect(fromBase64(m.body).length).toBe(1_064);
    const key = aliceLog.keys.get(sent.epochId) ?? new Uint8Array();
    const inside = decodeBridgeMessage(
      openTransmission(sodium, key, bridge.messages[0]?.body ?? ""),
    );
    expect(inside).toMatchObject({
      version: 2,
      id: "0b9f6d2e-58a1-4c57-9e0c-2f1d3a4b5c6d",
      signed: true,
    });
    const page = await bobLog.page();
    expect(page.entries.map((e) => [e.text, e.authorId, e.signature?.status])).toEqual([
      ["second ✓", alice.id, "signed"],
      ["first", alice.id, "signed"],
    ]);
  });

  it("carry the author's handle when the server names one", async () => {
    const { alice, aliceLog } = await pair();
    const sent = await aliceLog.send("hello");
    expect(aliceLog.open({ ...sent, authorHandle: "alice_h" })).toMatchObject({
      authorId: alice.id,
      authorHandle: "alice_h",
      text: "hello",
    });
    const { authorHandle: _h, ...unnamed } = sent;
    expect(aliceLog.open(unnamed).authorHandle).toBeUndefined();
    // A handle without an author (a deleted account) names nobody.
    const { authorId: _gone, ...anonymous } = unnamed;
    expect(aliceLog.open({ ...anonymous, authorHandle: "stale" }).authorHandle).toBeUndefined();
  });

  it("leave the words out under an epoch the member does not hold", async () => {
    const { bridge, aliceLog } = await pair();
    await aliceLog.send("before you came");
    const dave = await bridgeMember(bridge, 0xd1, "dave");
    const daveLog = dave.log();
    await daveLog.handshake();
    const [entry] = (await daveLog.page()).entries;
    expect(entry?.text).toBeUndefined();
    expect(daveLog.openFrame({ nonsense: true })).toBeUndefined();
    expect(daveLog.openFrame(bridge.messages[0])?.seq).toBe(1);
  });
});
