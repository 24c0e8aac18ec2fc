// A resting note keeps its state, not its Y.Doc, and reopens on first use (issue 35).
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { newNoteDoc } from "./note-doc";
import type { OpenNote } from "./open-state";
import {
  isDocOpen,
  noteState,
  noteStateVector,
  restDoc,
  restingNote,
  withNoteDoc,
} from "./resting-doc";
import { readText, writeText } from "./text";

function note(text: string): OpenNote {
  const doc = newNoteDoc("n1");
  writeText(doc, text);
  return {
    id: "n1",
    doc,
    cek: new Uint8Array(32),
    version: 3,
    snapshotVersion: 1,
    metadata: { title: "t", tags: [] },
    role: "owner",
  };
}

describe("resting notes", () => {
  it("lets the document go and reopens it with the same content on first use", () => {
    const n = note("hello there");
    const before = n.doc;
    const woken: string[] = [];
    restDoc(n, (w) => woken.push(w.id));
    expect(isDocOpen(n)).toBe(false);
    expect(readText(n.doc)).toBe("hello there");
    expect(n.doc).not.toBe(before);
    expect(isDocOpen(n)).toBe(true);
    // Opened once: the same document from then on, and the hook heard it once.
    expect(n.doc).toBe(n.doc);
    expect(woken).toEqual(["n1"]);
  });

  it("reads state, state vector and text without opening the note", () => {
    const n = note("kept as bytes");
    const vector = Y.encodeStateVector(n.doc);
    restDoc(n);
    expect(noteStateVector(n)).toEqual(vector);
    expect(withNoteDoc(n, readText)).toBe("kept as bytes");
    const copy = new Y.Doc();
    Y.applyUpdate(copy, noteState(n));
    expect(readText(copy)).toBe("kept as bytes");
    expect(isDocOpen(n)).toBe(false);
  });

  it("keeps edits made after waking when it rests again", () => {
    const n = note("one");
    restDoc(n);
    writeText(n.doc, "two");
    restDoc(n);
    expect(withNoteDoc(n, readText)).toBe("two");
  });

  it("starts a note resting on a cached state; assigning a document opens it", () => {
    const source = note("from the cache");
    const { doc: _, ...fields } = source;
    const n = restingNote(fields, Y.encodeStateAsUpdate(source.doc));
    expect(isDocOpen(n)).toBe(false);
    expect(readText(n.doc)).toBe("from the cache");
    const m = restingNote({ ...fields }, Y.encodeStateAsUpdate(source.doc));
    const other = newNoteDoc("n1");
    m.doc = other;
    expect(m.doc).toBe(other);
    expect(isDocOpen(m)).toBe(true);
  });
});
