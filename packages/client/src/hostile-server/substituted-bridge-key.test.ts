// Issue 21, attack 1 on the bridge: a member hands the bridge key to everyone who
// lacks it, sealed to the public keys the server lists for them, so a hostile server
// can list its own key for a member and read the bridge from then on. With the
// account's pins, the key goes to pinned keys only.
import { loadSodium, openBridgeKey, type SharingKeyPair, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { FakeBridge } from "../../test/support/test-bridge-server";
import { createApiClient } from "../api/client";
import { BridgeLog } from "../bridge/bridge-log";
import { PublicKeyChanged } from "../errors";
import { MemoryKeyPins } from "../trust/key-pins";

const sodium = await loadSodium();
const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const CAROL = "00000000-0000-4000-8000-00000000000c";
const pair = (seed: number): SharingKeyPair => {
  const { publicKey, privateKey } = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed));
  return { publicKey, privateKey };
};
const alice = pair(1);
const bob = pair(5);
const carol = pair(6);
const mallory = pair(66);

/** Alice's bridge with her pins; Bob is a member from the start. */
function alicesBridge(pins: MemoryKeyPins) {
  const bridge = new FakeBridge();
  bridge.members.set(ALICE, toBase64(alice.publicKey));
  bridge.members.set(BOB, toBase64(bob.publicKey));
  const api = createApiClient({ baseUrl: "https://notes.test", fetch: bridge.fetchAs(ALICE) });
  return { bridge, log: new BridgeLog(api, sodium, alice, ALICE, pins) };
}

function attackerOpensAny(bridge: FakeBridge): boolean {
  return bridge.wraps.some((w) => {
    try {
      openBridgeKey(sodium, w.wrappedKey, w.epochId, mallory);
      return true;
    } catch {
      return false;
    }
  });
}

describe("a hostile server substituting a bridge member's public key", () => {
  it("attack 1: welcoming a pinned newcomer, the server's listed key is refused", async () => {
    // Alice pinned Carol's real key earlier (say, sharing a note with her).
    const pins = new MemoryKeyPins([
      { userId: CAROL, publicKey: carol.publicKey, verified: false },
    ]);
    const { bridge, log } = alicesBridge(pins);
    await log.handshake();
    bridge.members.set(CAROL, toBase64(mallory.publicKey));

    await expect(log.handshake()).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(bridge.wraps.some((w) => w.recipientId === CAROL)).toBe(false);
    expect(attackerOpensAny(bridge)).toBe(false);
  });

  it("attack 1: rotating the bridge key, the server's key for a pinned member is refused", async () => {
    const pins = new MemoryKeyPins();
    const { bridge, log } = alicesBridge(pins);
    await log.handshake(); // pins Bob's real key on first sight
    bridge.members.set(BOB, toBase64(mallory.publicKey));

    await expect(log.rotate()).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(attackerOpensAny(bridge)).toBe(false);
  });
});
