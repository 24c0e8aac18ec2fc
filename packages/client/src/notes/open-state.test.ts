// Note envelopes round-trip with fixed keys: what a writer seals, openState reads back,
// through the sealed content key or (legacy) the master key.
import { DecryptionFailed, loadSodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { ContentKeyring } from "../keys/content-keyring";
import { applyUpdatesAbove, openState } from "./open-state";
import { FIXED_CEK, fixedSession, NOTE_ID } from "./test-keys";
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

  /** Snapshot and metadata under NEW; a straggler update under OLD, one under NEW. */
  async function rotatedNote() {
    const sodium = await loadSodium();
    const session = await fixedSession();
    const doc = new Y.Doc();
    writeText(doc, "before");
    const snapshot = sealEnvelope(sodium, NEW, NOTE_ID, Y.encodeStateAsUpdate(doc));
    const raw: Uint8Array[] = [];
    doc.on("update", (u: Uint8Array) => raw.push(u));
    appendParagraph(doc, "straggler");
    appendParagraph(doc, "after");
    const state: NoteState = {
      id: NOTE_ID,
      deleted: false,
      memberCount: 2,
      role: "editor",
      seq: 3,
      snapshot,
      snapshotVersion: 4,
      updatedAt: new Date(0).toISOString(),
      updates: [
        sealEnvelope(sodium, OLD, NOTE_ID, raw[0] ?? new Uint8Array()),
        sealEnvelope(sodium, NEW, NOTE_ID, raw[1] ?? new Uint8Array()),
      ],
      version: 6,
      metadata: sealMetadata(sodium, NEW, NOTE_ID, { title: "T", tags: [] }),
      wrappedCek: sealCek(sodium, NEW, session.keyPair.publicKey),
    };
    return { sodium, session, state };
  }

  it("opens with the keyring: current key first, then the former one, and marks a reseal", async () => {
    const { sodium, session, state } = await rotatedNote();
    session.keyring = new ContentKeyring();
    session.keyring.remember(NOTE_ID, OLD);
    const note = openState(sodium, session, state);
    expect(readText(note.doc)).toBe("before\nstraggler\nafter");
    expect(note.cek).toEqual(NEW);
    expect(note.formerCeks).toEqual([OLD]);
    expect(note.version).toBe(6);
    expect(note.resealDue).toBe(true);
    expect(session.keyring.keys(NOTE_ID)).toEqual([NEW, OLD]);
  });

  it("without the former key stops at the straggler, keeping version gap-free", async () => {
    const { sodium, session, state } = await rotatedNote();
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
        wrappedCek: sealCek(sodium, NEW, session.keyPair.publicKey),
      },
      session,
    );
    expect(note.cek).toEqual(NEW);
    expect(note.formerCeks).toEqual([OLD]);
    expect(readText(note.doc)).toBe("hello\nsecond\nthird\nfourth");
    expect(note.metadata.title).toBe("T2");
  });
});
