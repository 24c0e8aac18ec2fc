// Note envelopes round-trip with fixed keys: what a writer seals, openState reads back,
// through the sealed content key or (legacy) the master key.
import { DecryptionFailed, loadSodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { handedOut } from "../../test/support/handouts";
import { FIXED_CEK, fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { fakeServer } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RetiredKeyContent } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { keyStatesOf } from "../trust/key-handouts";
import { rememberRoster } from "../trust/note-rosters";
import { keyPinsOf } from "../trust/pin-check";
import { signEnvelope, signerOf } from "../trust/sign-content";
import { applyUpdatesAbove, openState } from "./open-state";
import { appendParagraph, readText, writeText } from "./text";

async function sealedNote(key: Uint8Array, withCek: boolean) {
  const sodium = await loadSodium();
  const session = await fixedSession();
  const doc = new Y.Doc();
  writeText(doc, "hello");
  const snapshot = sealEnvelope(sodium, key, NOTE_ID, Y.encodeStateAsUpdate(doc));
  const updates: string[] = [];
  doc.on("update", (u: Uint8Array) => updates.push(sealEnvelope(sodium, key, NOTE_ID, u)));
  appendParagraph(doc, "second");
  appendParagraph(doc, "third");
  const state: NoteState = {
    id: NOTE_ID,
    deleted: false,
    memberCount: 1,
    role: "owner",
    seq: 9,
    snapshot,
    snapshotVersion: 0,
    updatedAt: new Date(0).toISOString(),
    updates,
    version: updates.length,
    metadata: sealMetadata(sodium, key, NOTE_ID, { title: "T", tags: ["a", "b"] }),
    ...(withCek && { wrappedCek: sealCek(sodium, key, session.keyPair.publicKey) }),
  };
  return { sodium, session, state };
}

describe("openState", () => {
  it("opens a note sealed to the keypair: snapshot, then updates, then metadata", async () => {
    const { sodium, session, state } = await sealedNote(FIXED_CEK, true);
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("hello\nsecond\nthird");
    expect(note.metadata).toEqual({ title: "T", tags: ["a", "b"] });
    expect(note.version).toBe(2);
    expect(note.cek).toEqual(FIXED_CEK);
  });

  it("opens a legacy note (no wrappedCek) with the master key", async () => {
    const session = await fixedSession();
    const { sodium, state } = await sealedNote(session.masterKey, false);
    expect(readText(openState(sodium, session, state).doc)).toBe("hello\nsecond\nthird");
  });

  it("refuses an envelope moved to another note id", async () => {
    const { sodium, session, state } = await sealedNote(FIXED_CEK, true);
    const moved = { ...state, id: "00000000-0000-4000-8000-000000000000" };
    expect(() => openState(sodium, session, moved)).toThrow(DecryptionFailed);
  });

  it("applies only the updates above the local version", async () => {
    const { sodium, session, state } = await sealedNote(FIXED_CEK, true);
    const note = openState(sodium, session, { ...state, updates: [], version: 0 });
    expect(readText(note.doc)).toBe("hello");
    // A garbage first update proves the seen one is skipped, not re-opened.
    note.version = 1;
    Y.applyUpdate(note.doc, Y.encodeStateAsUpdate(openState(sodium, session, state).doc));
    applyUpdatesAbove(sodium, note, { ...state, updates: ["AAAA", state.updates[1] ?? ""] });
    expect(note.version).toBe(2);
    expect(readText(note.doc)).toBe("hello\nsecond\nthird");
  });
});

describe("openState across a content-key rotation", () => {
  const OLD = FIXED_CEK;
  const NEW = new Uint8Array(32).fill(4);

  const BOB = "00000000-0000-4000-8000-0000000000b0";
  const OWNER = "00000000-0000-4000-8000-0000000000a0";

  /**
   * Snapshot and metadata under NEW; a straggler update under OLD (signed by Bob when
   * `signed`), then one under NEW. Bob's signing key is pinned in the session.
   */
  async function rotatedNote(signed = true) {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const bob = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0xb0));
    const owner = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(0xa0));
    for (const [userId, signing] of [
      [BOB, bob],
      [OWNER, owner],
    ] as const) {
      keyPinsOf(session).set({
        userId,
        publicKey: new Uint8Array(32).fill(0xb1),
        signingPublicKey: signing.publicKey,
        verified: false,
      });
    }
    // The device held OLD from the owner (epoch 0); the rotation handed out NEW at 1.
    keyStatesOf(session).learn({ noteId: NOTE_ID, epoch: 0, keyId: "old", ownerId: OWNER });
    const handout = handedOut(
      sodium,
      { userId: OWNER, secretKey: owner.privateKey },
      NOTE_ID,
      1,
      NEW,
      {
        userId: session.account.id,
        publicKey: session.keyPair.publicKey,
      },
    );
    const doc = new Y.Doc();
    writeText(doc, "before");
    const snapshot = sealEnvelope(sodium, NEW, NOTE_ID, Y.encodeStateAsUpdate(doc));
    const raw: Uint8Array[] = [];
    // The straggler comes from another client (Bob's device, offline during the
    // rotation), and the update after it was written without it, as everyone does
    // who never took it in: leaving it out holds nothing else back.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    other.on("update", (u: Uint8Array) => raw.push(u));
    appendParagraph(other, "straggler");
    doc.on("update", (u: Uint8Array) => raw.push(u));
    appendParagraph(doc, "after");
    const straggler = sealEnvelope(sodium, OLD, NOTE_ID, raw[0] ?? new Uint8Array());
    const bobSigner = { userId: BOB, secretKey: bob.privateKey };
    const state: NoteState = {
      id: NOTE_ID,
      deleted: false,
      memberCount: 2,
      role: "editor",
      seq: 3,
      snapshot,
      snapshotVersion: 4,
      updatedAt: new Date(0).toISOString(),
      updates: [straggler, sealEnvelope(sodium, NEW, NOTE_ID, raw[1] ?? new Uint8Array())],
      ...(signed && {
        updateSignatures: [
          signEnvelope(sodium, bobSigner, "update", NOTE_ID, OLD, straggler),
          null,
        ],
      }),
      version: 6,
      metadata: sealMetadata(sodium, NEW, NOTE_ID, { title: "T", tags: [] }),
      ...handout,
    };
    session.keyring = new ContentKeyring();
    session.keyring.remember(NOTE_ID, OLD);
    return { sodium, session, state };
  }

  const roster = (ids: string[]) => ids.map((userId) => ({ userId, role: "editor" as const }));
  // The rosters here carry no keys, so nothing is looked up in the key-transparency log.
  const api = createApiClient({ baseUrl: "http://x", fetch: fakeServer({}).fetch });

  it("opens with the keyring a late edit signed by someone still on the note, and marks a reseal", async () => {
    const { sodium, session, state } = await rotatedNote();
    await rememberRoster(
      api,
      session,
      NOTE_ID,
      state.wrappedCek,
      roster([session.account.id, BOB]),
    );
    const note = openState(sodium, session, state);
    expect(readText(note.doc).split("\n").sort()).toEqual(["after", "before", "straggler"]);
    expect(note.cek).toEqual(NEW);
    expect(note.formerCeks).toEqual([OLD]);
    expect(note.version).toBe(6);
    expect(note.resealDue).toBe(true);
    expect(note.warnings).toBeUndefined();
    expect(note.authorship?.signers.get(BOB)).toBe("signed");
    expect(session.keyring?.keys(NOTE_ID)).toEqual([NEW, OLD]);
  });

  it("attack 3: refuses content under the retired key signed by someone no longer on the note", async () => {
    const { sodium, session, state } = await rotatedNote();
    await rememberRoster(api, session, NOTE_ID, state.wrappedCek, roster([session.account.id]));
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("before\nafter");
    expect(note.version).toBe(6);
    expect(note.resealDue).toBe(true);
    expect(note.warnings).toEqual([expect.any(RetiredKeyContent)]);
    const [warning] = note.warnings as RetiredKeyContent[];
    expect([warning?.part, warning?.version, warning?.signerId]).toEqual(["update", 5, BOB]);
  });

  it("attack 3: refuses unsigned content under the retired key, roster or not", async () => {
    const { sodium, session, state } = await rotatedNote(false);
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("before\nafter");
    expect(note.warnings).toEqual([expect.any(RetiredKeyContent)]);
  });

  it("waits at a signed late edit while it lacks the roster read under the current key", async () => {
    const { sodium, session, state } = await rotatedNote();
    await rememberRoster(api, session, NOTE_ID, "an older wrap", roster([session.account.id, BOB]));
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("before");
    expect(note.version).toBe(4);
    expect(note.unreadableFrom).toBe(5);
  });

  it("without the former key stops at the straggler, keeping version gap-free", async () => {
    const { sodium, session, state } = await rotatedNote();
    session.keyring = new ContentKeyring();
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("before");
    expect(note.version).toBe(4);
    expect(note.unreadableFrom).toBe(5);
  });

  it("adopts a rotated wrap on the next sync page, keeping the old key held", async () => {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const { state: before } = await sealedNote(OLD, true);
    const note = openState(sodium, session, before);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(note.doc));
    let update: Uint8Array = new Uint8Array();
    doc.on("update", (u: Uint8Array) => {
      update = u;
    });
    appendParagraph(doc, "fourth");
    applyUpdatesAbove(
      sodium,
      note,
      {
        ...before,
        updates: [...before.updates, sealEnvelope(sodium, NEW, NOTE_ID, update)],
        version: 3,
        metadata: sealMetadata(sodium, NEW, NOTE_ID, { title: "T2", tags: [] }),
        ...handedOut(sodium, signerOf(session), NOTE_ID, 1, NEW, {
          userId: session.account.id,
          publicKey: session.keyPair.publicKey,
        }),
      },
      session,
    );
    expect(note.cek).toEqual(NEW);
    expect(note.formerCeks).toEqual([OLD]);
    expect(readText(note.doc)).toBe("hello\nsecond\nthird\nfourth");
    expect(note.metadata.title).toBe("T2");
  });
});
