// The SDK's bridge: the first member opens an epoch and seals it to everyone,
// members holding the current key welcome newcomers, a member without it waits,
// and transmissions are padded and sealed to 1,064 bytes that other members open.
import { fromBase64, loadSodium, openBridgeKey, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { FakeBridge } from "../../test/support/test-bridge-server";
import { createApiClient } from "../api/client";
import { BridgeLog, NoBridgeKey } from "./bridge-log";

const sodium = await loadSodium();

function member(bridge: FakeBridge, id: string) {
  const pair = sodium.crypto_box_keypair();
  const keyPair = { publicKey: pair.publicKey, privateKey: pair.privateKey };
  bridge.members.set(id, toBase64(keyPair.publicKey));
  const api = createApiClient({ baseUrl: "https://notes.test", fetch: bridge.fetchAs(id) });
  return { id, keyPair, log: new BridgeLog(api, sodium, keyPair, id) };
}

describe("the bridge handshake", () => {
  it("lets the first member make the key and seal it to every member", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    const bob = member(bridge, "bob");
    const state = await alice.log.handshake();
    expect(state.kind).toBe("opened");
    const epochId = state.epochId;
    const bobWrap = bridge.wraps.find((w) => w.recipientId === "bob");
    expect(bobWrap?.epochId).toBe(epochId);
    const key = openBridgeKey(sodium, bobWrap?.wrappedKey ?? "", epochId, bob.keyPair);
    expect(key).toEqual(alice.log.keys.get(epochId));
    expect(await bob.log.handshake()).toEqual({ kind: "ready", epochId, welcomed: 0 });
  });

  it("has a member holding the key welcome a newcomer, who waits until then", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    const { epochId } = await alice.log.handshake();
    const carol = member(bridge, "carol");
    expect(await carol.log.handshake()).toEqual({ kind: "waiting", epochId });
    await expect(carol.log.send("hello?")).rejects.toThrow(NoBridgeKey);
    expect(await alice.log.handshake()).toEqual({ kind: "ready", epochId, welcomed: 1 });
    expect((await carol.log.handshake()).kind).toBe("ready");
  });

  it("rotates to a new epoch sealed to everyone", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    const bob = member(bridge, "bob");
    const first = (await alice.log.handshake()).epochId;
    const rotated = await bob.log.rotate();
    expect(rotated).not.toBe(first);
    expect(
      bridge.wraps
        .filter((w) => w.epochId === rotated)
        .map((w) => w.recipientId)
        .sort(),
    ).toEqual(["alice", "bob"]);
  });
});

describe("bridge transmissions", () => {
  it("are padded and sealed to 1,064 bytes and opened by other members, newest first", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    const bob = member(bridge, "bob");
    await alice.log.handshake();
    await bob.log.handshake();
    await alice.log.send("first");
    const sent = await alice.log.send("second ✓");
    expect(alice.log.open(sent).text).toBe("second ✓");
    for (const m of bridge.messages) expect(fromBase64(m.body).length).toBe(1_064);
    const page = await bob.log.page();
    expect(page.entries.map((e) => [e.text, e.authorId])).toEqual([
      ["second ✓", "alice"],
      ["first", "alice"],
    ]);
  });

  it("carry the author's handle when the server names one", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    await alice.log.handshake();
    const sent = await alice.log.send("hello");
    expect(alice.log.open({ ...sent, authorHandle: "alice_h" })).toMatchObject({
      authorId: "alice",
      authorHandle: "alice_h",
      text: "hello",
    });
    expect(alice.log.open(sent).authorHandle).toBeUndefined();
    // A handle without an author (a deleted account) names nobody.
    const { authorId: _gone, ...anonymous } = sent;
    expect(alice.log.open({ ...anonymous, authorHandle: "stale" }).authorHandle).toBeUndefined();
  });

  it("leave the words out under an epoch the member does not hold", async () => {
    const bridge = new FakeBridge();
    const alice = member(bridge, "alice");
    await alice.log.handshake();
    await alice.log.send("before you came");
    const dave = member(bridge, "dave");
    await dave.log.handshake();
    const [entry] = (await dave.log.page()).entries;
    expect(entry?.text).toBeUndefined();
    expect(dave.log.openFrame({ nonsense: true })).toBeUndefined();
    expect(dave.log.openFrame(bridge.messages[0])?.seq).toBe(1);
  });
});
