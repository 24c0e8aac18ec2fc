// Note envelopes round-trip with fixed keys: what a writer seals, openState reads back,
// through the sealed content key or (legacy) the master key.
import { DecryptionFailed, loadSodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
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
