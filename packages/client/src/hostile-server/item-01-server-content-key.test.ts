// Issue 33, item 1: the server hands out its own content key. A wrap is an anonymous
// sealed box, so the server can seal a key it knows to any member's public key; the SDK
// used to open whatever wrap a served state carried and make the key inside the note's
// current key, after which every edit, frame and compaction was sealed under it. And after
// a removal rotated the key, the server could re-serve the pre-rotation wrap, making the
// retired key (which the removed member holds) current again. Now a device takes a new key
// only from the owner's signed handout at a newer roster epoch (docs/client-crypto.md, "The
// signed group state"), and reports anything else as KeyHandoutRefused, keeping its key.
import { loadSodium, openSealedCek, sealCek } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { handedOut } from "../../test/support/handouts";
import {
  groupStateServer,
  noteUnder,
  type Owner,
  owner,
} from "../../test/support/hostile-server/group-state-server";
import { fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { KeyHandoutRefused } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { openState } from "../notes/open-state";
import { readText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";
import { keyStatesOf } from "../trust/key-handouts";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;
let mallory: Owner;
const K0 = new Uint8Array(32).fill(0x30);
const K1 = new Uint8Array(32).fill(0x31);
const SERVER_KEY = new Uint8Array(32).fill(0x66);

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a0", 0x40);
  mallory = owner(sodium, "00000000-0000-4000-8000-0000000000ee", 0x50);
});

/** Bob's device, an editor of Alice's note, synced honestly at `epoch` under `cek`. */
async function bobSynced(cek = K0, epoch = 1) {
  const bob: Session = {
    ...(await fixedSession()),
    account: { id: "00000000-0000-4000-8000-0000000000b0" } as Session["account"],
    keyring: new ContentKeyring(),
  };
  const server = groupStateServer(
    noteUnder(sodium, bob, alice, alice, { cek, epoch, text: "from alice" }),
    alice,
    bob,
  );
  const engine = new SyncEngine(createApiClient({ baseUrl: "http://x", fetch: server.fetch }), bob);
  expect((await engine.syncOnce()).refused).toEqual([]);
  expect(engine.note(NOTE_ID)?.cek).toEqual(cek);
  return { bob, server, engine };
}

const refusals = (refused: readonly unknown[]) =>
  refused
    .filter((r): r is KeyHandoutRefused => r instanceof KeyHandoutRefused)
    .map((r) => r.reason);

describe("issue 33, item 1: a content key the owner did not hand out", () => {
  it("an unsigned wrap of the server's own key is not adopted, and nothing is sealed under it", async () => {
    const { bob, server, engine } = await bobSynced();
    // The server's key, sealed to Bob, with content under it so it looks like a rotation.
    server.state = {
      ...noteUnder(sodium, bob, alice, null, { cek: SERVER_KEY, epoch: 2, text: "server text" }),
      wrappedCek: sealCek(sodium, SERVER_KEY, bob.keyPair.publicKey),
    };
    const result = await engine.syncOnce();
    expect(refusals(result.refused)).toContain("unsigned");
    const note = engine.note(NOTE_ID);
    expect(note?.cek).toEqual(K0);
    expect(bob.keyring?.keys(NOTE_ID)[0]).toEqual(K0);
    expect(readText(note?.doc ?? fail())).toBe("from alice");
  });

  it("a wrap signed by someone other than the owner is refused as forged", async () => {
    const { bob, server, engine } = await bobSynced();
    server.state = noteUnder(sodium, bob, mallory, mallory, {
      cek: SERVER_KEY,
      epoch: 5,
      text: "x",
    });
    const result = await engine.syncOnce();
    expect(refusals(result.refused)).toContain("forged");
    expect(engine.note(NOTE_ID)?.cek).toEqual(K0);
  });

  it("after a rotation, the pre-rotation wrap served again does not bring the retired key back", async () => {
    const { bob, server, engine } = await bobSynced(K0, 1);
    const before = server.state;
    // Alice removed someone: K1 handed out at epoch 2. Honest, so adopted.
    server.state = noteUnder(sodium, bob, alice, alice, { cek: K1, epoch: 2, text: "after" });
    expect((await engine.syncOnce()).refused).toEqual([]);
    expect(engine.note(NOTE_ID)?.cek).toEqual(K1);
    // The server re-serves Alice's genuine epoch-1 handout of K0 with the note as it is.
    const { wrappedCek, wrappedCekSignature, wrappedCekEpoch } = before;
    server.state = { ...server.state, wrappedCek, wrappedCekSignature, wrappedCekEpoch, seq: 99 };
    const result = await engine.syncOnce();
    expect(refusals(result.refused)).toEqual(["retired-key"]);
    expect(engine.note(NOTE_ID)?.cek).toEqual(K1);
  });

  it("an older signed handout is refused even on a device that no longer holds the old key", async () => {
    const { bob, server, engine } = await bobSynced(K1, 2);
    expect(keyStatesOf(bob).get(NOTE_ID)?.epoch).toBe(2);
    server.state = noteUnder(sodium, bob, alice, alice, { cek: K0, epoch: 1, text: "old" });
    const result = await engine.syncOnce();
    expect(refusals(result.refused)).toEqual(["older-epoch"]);
    expect(engine.note(NOTE_ID)?.cek).toEqual(K1);
  });

  it("a reopened note (from the device's own store) keeps its key against a swapped wrap", async () => {
    const { bob } = await bobSynced(K1, 2);
    const swapped = {
      ...noteUnder(sodium, bob, alice, null, { cek: K1, epoch: 2, text: "from alice" }),
      wrappedCek: sealCek(sodium, SERVER_KEY, bob.keyPair.publicKey),
    };
    const note = openState(sodium, bob, swapped);
    expect(note.cek).toEqual(K1);
    expect(refusals(note.warnings ?? [])).toEqual(["unsigned"]);
    expect(readText(note.doc)).toBe("from alice");
  });

  it("the owner's own note: a wrap the owner did not sign is refused on the owner's device too", async () => {
    const aliceDevice: Session = { ...(await fixedSession()), keyring: new ContentKeyring() };
    const me = signerOf(aliceDevice);
    const honest = noteUnder(sodium, aliceDevice, me, me, {
      cek: K0,
      epoch: 0,
      text: "mine",
      role: "owner",
    });
    const server = groupStateServer({ ...honest, memberCount: 1 }, alice, aliceDevice);
    const engine = new SyncEngine(
      createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
      aliceDevice,
    );
    expect((await engine.syncOnce()).refused).toEqual([]);
    const { wrappedCekSignature: _, wrappedCekEpoch: __, ...unsigned } = honest;
    server.state = {
      ...unsigned,
      memberCount: 1,
      seq: 50,
      wrappedCek: sealCek(sodium, SERVER_KEY, aliceDevice.keyPair.publicKey),
    };
    const result = await engine.syncOnce();
    expect(refusals(result.refused)).toEqual(["unsigned"]);
    expect(engine.note(NOTE_ID)?.cek).toEqual(K0);
  });

  it("control: the owner's signed handout at a newer epoch is adopted, the old key kept for history", async () => {
    const { bob, server, engine } = await bobSynced(K0, 1);
    const next = handedOut(sodium, alice, NOTE_ID, 2, K1, {
      userId: bob.account.id,
      publicKey: bob.keyPair.publicKey,
    });
    server.state = noteUnder(sodium, bob, alice, alice, { cek: K1, epoch: 2, text: "rotated" });
    server.state = { ...server.state, ...next };
    expect((await engine.syncOnce()).refused).toEqual([]);
    const note = engine.note(NOTE_ID);
    expect(note?.cek).toEqual(K1);
    expect(note?.formerCeks).toEqual([K0]);
    expect(openSealedCek(sodium, next.wrappedCek, bob.keyPair)).toEqual(K1);
    expect(keyStatesOf(bob).get(NOTE_ID)).toMatchObject({ epoch: 2, ownerId: alice.userId });
  });
});

function fail(): never {
  throw new Error("note not held");
}
