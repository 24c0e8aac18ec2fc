// Issue 34, "the server forks the log (two heads for one epoch) and two collaborators
// notice". Each device carries the key-transparency head it last saw in a signed live
// frame (kind 3) and compares its peers' with the log its own server shows it. Before,
// nothing carried heads between members: a server showing Alice one log and Bob
// another (each cosigned, the witness colluding, so each alone accepts it) went
// unnoticed for as long as the two never compared by hand.
import { deriveSigningKeyPair, loadSodium, sealSignedSeenHead } from "@notes/crypto";
import { encodeSeenHead } from "@notes/keytrans";
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { TestKeyLog } from "../../test/support/key-log";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { type FakeSocket, fakeSockets, ticket } from "../../test/support/test-sockets";
import { createApiClient } from "../api/client";
import { LiveRoom } from "../live/live-room";
import type { OpenNote } from "../notes/open-state";
import { readText } from "../notes/text";
import { type KeyTransparencyWarning, keyTransparencyFor } from "../trust/key-transparency";
import { keyPinsOf } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

const BOB = "00000000-0000-4000-8000-0000000000b0";
const WITNESS = new Uint8Array(32).fill(9);
const MALLORY_KEY = new Uint8Array(32).fill(0x66);

/** Alice and Bob, each with the other's signing key pinned (they share a note). */
async function collaborators(): Promise<[Session, Session]> {
  const sodium = await loadSodium();
  const alice = await fixedSession();
  const bob: Session = {
    ...(await fixedSession()),
    account: { id: BOB } as Session["account"],
    signingKeyPair: await deriveSigningKeyPair(sodium, new Uint8Array(32).fill(4)),
  };
  for (const [self, other] of [
    [alice, bob],
    [bob, alice],
  ] as const)
    keyPinsOf(self).set({
      userId: other.account.id,
      publicKey: other.keyPair.publicKey,
      signingPublicKey: other.signingKeyPair.publicKey,
      verified: false,
    });
  return [alice, bob];
}

/** Two logs of one server that agree up to `common` epochs (same clock, same changes). */
function logs(common: number): [TestKeyLog, TestKeyLog] {
  const at = Date.now();
  const pair: [TestKeyLog, TestKeyLog] = [
    new TestKeyLog({ witnesses: [WITNESS] }),
    new TestKeyLog({ witnesses: [WITNESS] }),
  ];
  for (const log of pair) {
    log.now = () => at;
    for (let i = 0; i < common; i++) log.closeEpoch();
  }
  return pair;
}

/** A device of `session` whose server keeps `log`, in the note's live room. */
async function device(session: Session, log: TestKeyLog, role: OpenNote["role"] = "editor") {
  let tickets = 0;
  const { fetch } = fakeServer(
    { [`POST /v1/notes/${NOTE_ID}/room-tickets`]: () => ticket(++tickets) },
    log,
  );
  const api = createApiClient({ baseUrl: "http://x", fetch });
  const warnings: KeyTransparencyWarning[] = [];
  const kt = keyTransparencyFor(api, {
    witnesses: log.witnessKeys,
    threshold: 1,
    waitForLogMs: 0,
    onWarning: (w) => warnings.push(w),
  });
  // The session's self-audit fetches a head at start (watchOwnAccount).
  await kt.refreshHead();
  const note: OpenNote = {
    id: NOTE_ID,
    doc: new Y.Doc(),
    cek: FIXED_CEK,
    version: 0,
    snapshotVersion: 0,
    metadata: { title: "t", tags: [] },
    role,
    signer: signerOf(session),
  };
  const { WebSocket, sockets } = fakeSockets();
  const room = new LiveRoom({ api, note, WebSocket, session, random: () => 0 });
  await room.connect();
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0] as FakeSocket;
  socket.open();
  return { kt, log, room, note, socket, warnings };
}

/** The relay: every binary frame one socket sent so far reaches the other. */
function relay(from: FakeSocket, to: FakeSocket, already = 0): number {
  const frames = from.sent.filter((f): f is Uint8Array => f instanceof Uint8Array);
  for (const frame of frames.slice(already)) to.receive(frame);
  return frames.length;
}

const noticed = (reason: string) => expect.objectContaining({ kind: "log", reason });

describe("issue 34: a forked key-transparency log, noticed by collaborators", () => {
  it("two heads for one epoch: Alice and Bob, each shown one, both notice in the note's room", async () => {
    const [aliceSession, bobSession] = await collaborators();
    const [logA, logB] = logs(2);
    // Epoch 3 differs: Bob's log binds Mallory's key to Bob; Alice's does not.
    logA.closeEpoch();
    logB.publish(BOB, { publicKey: MALLORY_KEY });
    const alice = await device(aliceSession, logA);
    const bob = await device(bobSession, logB);
    expect(alice.kt.head?.epoch).toBe(3);
    expect(bob.kt.head?.epoch).toBe(3);
    // Each alone is content: its head is signed, cosigned and extends what it saw.
    expect([...alice.warnings, ...bob.warnings]).toEqual([]);

    relay(alice.socket, bob.socket);
    relay(bob.socket, alice.socket);

    await vi.waitFor(() => expect(bob.warnings).toContainEqual(noticed("fork")));
    await vi.waitFor(() => expect(alice.warnings).toContainEqual(noticed("fork")));
    alice.room.close();
    bob.room.close();
  });

  it("a fork at different epochs: the one behind is refused the epoch, the one ahead finds the other's log no prefix of its own", async () => {
    const [aliceSession, bobSession] = await collaborators();
    const [logA, logB] = logs(2);
    logA.closeEpoch();
    logB.publish(BOB, { publicKey: MALLORY_KEY });
    logB.closeEpoch(); // Bob's server shows him epoch 4; Alice's stops at 3.
    const alice = await device(aliceSession, logA);
    const bob = await device(bobSession, logB);

    relay(alice.socket, bob.socket);
    relay(bob.socket, alice.socket);

    await vi.waitFor(() => expect(bob.warnings).toContainEqual(noticed("inconsistent")));
    await vi.waitFor(() => expect(alice.warnings).toContainEqual(noticed("withheld")));
    alice.room.close();
    bob.room.close();
  });

  it("one honest log: heads compare clean, and each new epoch a device adopts goes to the room", async () => {
    const [aliceSession, bobSession] = await collaborators();
    const [log] = logs(2);
    const alice = await device(aliceSession, log);
    const bob = await device(bobSession, log);
    let sent = relay(alice.socket, bob.socket);
    relay(bob.socket, alice.socket);
    log.closeEpoch();
    await alice.kt.refreshHead();
    // Alice's device announces epoch 3; Bob's (still at 2) catches up and agrees.
    sent = relay(alice.socket, bob.socket, sent);
    expect(sent).toBe(3); // awareness, epoch 2, epoch 3
    await vi.waitFor(() => expect(bob.kt.head?.epoch).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...alice.warnings, ...bob.warnings]).toEqual([]);
    alice.room.close();
    bob.room.close();
  });

  it("ignores a head frame whose signature is not its signer's, and sends none as a viewer", async () => {
    const sodium = await loadSodium();
    const [aliceSession, bobSession] = await collaborators();
    const [logA, logB] = logs(2);
    logA.closeEpoch();
    logB.publish(BOB, { publicKey: MALLORY_KEY });
    const alice = await device(aliceSession, logA, "viewer");
    const forger = { userId: BOB, secretKey: sodium.crypto_sign_keypair().privateKey };
    const forged = encodeSeenHead(logB.heads[2] as NonNullable<(typeof logB.heads)[number]>);
    alice.socket.receive(sealSignedSeenHead(sodium, FIXED_CEK, NOTE_ID, forged, forger));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alice.warnings).toEqual([]);
    expect(readText(alice.note.doc)).toBe("");
    // A viewer's frames are dropped by the relay: its device sends no head.
    expect(alice.socket.sent.filter((f) => f instanceof Uint8Array)).toHaveLength(1);
    alice.room.close();
    void bobSession;
  });

  it("a room without a session (a client that compares nothing) skips the frame, as older clients do", async () => {
    const sodium = await loadSodium();
    const [aliceSession] = await collaborators();
    const [log] = logs(1);
    const seen = encodeSeenHead(log.heads[0] as NonNullable<(typeof log.heads)[number]>);
    const frame = sealSignedSeenHead(sodium, FIXED_CEK, NOTE_ID, seen, signerOf(aliceSession));
    const note: OpenNote = {
      id: NOTE_ID,
      doc: new Y.Doc(),
      cek: FIXED_CEK,
      version: 0,
      snapshotVersion: 0,
      metadata: { title: "t", tags: [] },
      role: "editor",
    };
    const { fetch } = fakeServer({ [`POST /v1/notes/${NOTE_ID}/room-tickets`]: () => ticket(1) });
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const { WebSocket, sockets } = fakeSockets();
    const room = new LiveRoom({ api, note, WebSocket, random: () => 0 });
    await room.connect();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.open();
    const updates: unknown[] = [];
    note.doc.on("update", (u: unknown) => updates.push(u));
    sockets[0]?.receive(frame);
    expect(updates).toEqual([]);
    room.close();
  });
});
