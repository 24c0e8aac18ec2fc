// Issue 21, attack 1 on the bridge: a member hands the bridge key out sealed to the
// public keys the server lists, so a hostile server can list its own key for a member
// and read the bridge from then on. The key goes to pinned keys only: a listed key other
// than the pinned one stops the handout (PublicKeyChanged), whether the device hands it
// out unasked (a member it vouches for), at a rotation, or when the person lets them in.
import { loadSodium, openBridgeKey, type SharingKeyPair, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember, compared } from "../../test/support/bridge-members";
import { FakeBridge } from "../../test/support/test-bridge-server";
import { PublicKeyChanged } from "../errors";

const sodium = await loadSodium();
const pair = (seed: number): SharingKeyPair => {
  const { publicKey, privateKey } = sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed));
  return { publicKey, privateKey };
};
const mallory = pair(66);

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
  it("attack 1: welcoming a member whose numbers were compared, the server's listed key is refused", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const log = alice.log();
    await log.handshake();
    const carol = await bridgeMember(bridge, 0xc1, "carol");
    compared(alice, carol);
    bridge.members.set(carol.id, toBase64(mallory.publicKey));

    await expect(log.handshake()).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(bridge.wraps.some((w) => w.recipientId === carol.id)).toBe(false);
    expect(attackerOpensAny(bridge)).toBe(false);
  });

  it("attack 1: letting in a member pinned earlier, the server's listed key is refused", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const carol = await bridgeMember(bridge, 0xc1, "carol");
    const log = alice.log();
    await log.handshake(); // pins Carol's real key on first sight
    bridge.members.set(carol.id, toBase64(mallory.publicKey));

    await expect(log.admit(carol.id)).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(attackerOpensAny(bridge)).toBe(false);
  });

  it("attack 1: rotating the bridge key, the server's key for a member let in is refused", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    const log = alice.log();
    await log.handshake();
    await log.admit(bob.id);
    bridge.members.set(bob.id, toBase64(mallory.publicKey));

    await expect(log.rotate()).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(attackerOpensAny(bridge)).toBe(false);
  });
});
