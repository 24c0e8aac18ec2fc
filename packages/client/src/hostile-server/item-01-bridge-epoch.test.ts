// Issue 33, item 1 on the bridge: `currentEpoch` and the key behind it were the server's
// word. A wrap is anonymous (anyone can crypto_box_seal a key of its own to a member),
// so a server that sealed its own key to Alice and named it current read everything she
// said from then on, and she sealed that key on to the other members. A member now adopts
// a current epoch only from a handout signed by someone it vouches for, numbered above
// the one it holds, and remembers it (BridgeMemory), so it never goes back.
import {
  generateBridgeKey,
  loadSodium,
  openTransmission,
  sealBridgeKey,
  signBridgeHandout,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { bridgeMember } from "../../test/support/bridge-members";
import { FakeBridge } from "../../test/support/test-bridge-server";
import { NoBridgeKey } from "../bridge/bridge-log";
import { MemoryBridgeMemory } from "../bridge/bridge-memory";
import { signerOf } from "../trust/sign-content";

const sodium = await loadSodium();

/** The server's own bridge key, sealed to `recipient` as a wrap from nobody in particular. */
function serversKeyFor(
  bridge: FakeBridge,
  recipient: { id: string; keyPair: { publicKey: Uint8Array } },
) {
  const epoch = generateBridgeKey(sodium);
  bridge.wraps.push({
    recipientId: recipient.id,
    epochId: epoch.epochId,
    wrappedKey: sealBridgeKey(sodium, epoch.key, recipient.keyPair.publicKey),
    senderId: recipient.id,
    createdAt: new Date().toISOString(),
  });
  bridge.currentEpoch = epoch.epochId;
  return epoch;
}

function serverReads(key: Uint8Array, body: string): boolean {
  try {
    openTransmission(sodium, key, body);
    return true;
  } catch {
    return false;
  }
}

describe("item 1: a hostile server naming its own bridge key as current", () => {
  it("an unsigned wrap of the server's key named current is not spoken under, nor sealed on", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    await bridgeMember(bridge, 0xb1, "bob");
    const log = alice.log();
    const opened = await log.handshake();
    const own = opened.epochId;

    const servers = serversKeyFor(bridge, alice);
    await log.handshake();
    expect(log.currentEpoch).toBe(own);
    const sent = await log.send("for members only");
    expect(sent.epochId).toBe(own);
    expect(serverReads(servers.key, sent.body)).toBe(false);
    // Nothing of the server's key was handed on to Bob.
    expect(
      bridge.wraps.filter((w) => w.epochId === servers.epochId).map((w) => w.recipientId),
    ).toEqual([alice.id]);
  });

  it("a handout signed by a ghost the server lists is not adopted, however high its number", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const log = alice.log();
    const own = (await log.handshake()).epochId;
    // The server makes an account of its own, lists it, and signs a handout as it.
    const ghost = await bridgeMember(bridge, 0x66, "ghost");
    const servers = generateBridgeKey(sodium);
    const wrappedKey = sealBridgeKey(sodium, servers.key, alice.keyPair.publicKey);
    const handout = {
      epochNumber: 99,
      key: servers.key,
      recipientId: alice.id,
      recipientPublicKey: alice.keyPair.publicKey,
      wrappedKey,
    };
    bridge.wraps.push({
      recipientId: alice.id,
      epochId: servers.epochId,
      wrappedKey,
      senderId: ghost.id,
      createdAt: new Date().toISOString(),
      epochNumber: 99,
      signature: signBridgeHandout(sodium, signerOf(ghost.session), handout),
    });
    bridge.currentEpoch = servers.epochId;

    await log.handshake();
    expect(log.currentEpoch).toBe(own);
    expect(serverReads(servers.key, (await log.send("still ours")).body)).toBe(false);
  });

  it("after a rotation, a reload served only the retired epoch waits instead of going back", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const memory = new MemoryBridgeMemory();
    const first = alice.log(memory);
    const retired = (await first.handshake()).epochId;
    const current = await first.rotate();
    expect(current).not.toBe(retired);

    // The server withholds the new epoch's wraps and names the retired one again.
    bridge.wraps = bridge.wraps.filter((w) => w.epochId !== current);
    bridge.currentEpoch = retired;
    const reloaded = alice.log(MemoryBridgeMemory.from(memory.toJSON()));
    expect(await reloaded.handshake()).toEqual({ kind: "waiting", epochId: current });
    await expect(reloaded.send("under the retired key?")).rejects.toBeInstanceOf(NoBridgeKey);
  });

  it("follows a rotation handed out by a member it let in, and says so by number", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const bob = await bridgeMember(bridge, 0xb1, "bob");
    const aliceLog = alice.log();
    const opened = await aliceLog.handshake();
    expect(opened).toMatchObject({ kind: "opened", epochNumber: 1 });
    await aliceLog.admit(bob.id);
    const bobLog = bob.log();
    expect(await bobLog.handshake()).toMatchObject({ kind: "ready", epochId: opened.epochId });

    const rotated = await bobLog.rotate();
    expect(await aliceLog.handshake()).toMatchObject({
      kind: "ready",
      epochId: rotated,
      epochNumber: 2,
    });
    // The server's hint cannot take her back to the first epoch.
    bridge.currentEpoch = opened.epochId;
    await aliceLog.handshake();
    expect(aliceLog.currentEpoch).toBe(rotated);
  });

  it("a fresh device never opens a key the server sealed to it from nowhere", async () => {
    const bridge = new FakeBridge();
    const alice = await bridgeMember(bridge, 0xa1, "alice");
    const servers = serversKeyFor(bridge, alice);
    const log = alice.log();
    const state = await log.handshake();
    expect(state.epochId).not.toBe(servers.epochId);
    expect(serverReads(servers.key, (await log.send("hello")).body)).toBe(false);
  });
});
