// A note whose Yjs document is let go while nobody shows, edits or indexes it (issue 35):
// an open Y.Doc holding a 1 KiB note costs ~4 KB of heap (413 MB at 100,000 notes), its
// encoded state about a quarter of that. A resting note keeps only the encoded state;
// reading `note.doc` opens the document again (every reader of OpenNote works as
// before), and `restDoc` lets it go again. What needs only the state or the text (the
// cache, search, backlinks) reads it without opening the note (`noteState`,
// `withNoteDoc`), so a background pass over every note never wakes them all.
import * as Y from "yjs";
import { newNoteDoc } from "./note-doc";
import type { OpenNote } from "./open-state";

/** Called when a resting note's document is opened again (e.g. to watch its edits). */
export type DocWoken = (note: OpenNote) => void;

const resting = new WeakMap<OpenNote, Uint8Array>();

/** Lets the note's document go, keeping its encoded state; `note.doc` reopens it. */
export function restDoc(note: OpenNote, woken?: DocWoken): void {
  if (resting.has(note)) return;
  restOn(note, Y.encodeStateAsUpdate(note.doc), woken);
}

/** A note that starts resting on `state` (the cache's decrypted Yjs state). */
export function restingNote(fields: Omit<OpenNote, "doc">, state: Uint8Array, woken?: DocWoken) {
  const note = fields as OpenNote;
  restOn(note, state, woken);
  return note;
}

/** Whether the note's document is open (someone may hold it: never swap it then). */
export function isDocOpen(note: OpenNote): boolean {
  return !resting.has(note);
}

/** The note's whole Yjs state, without opening a resting note. */
export function noteState(note: OpenNote): Uint8Array {
  return resting.get(note) ?? Y.encodeStateAsUpdate(note.doc);
}

/** The note's state vector (moves with any edit), without opening a resting note. */
export function noteStateVector(note: OpenNote): Uint8Array {
  const state = resting.get(note);
  return state ? Y.encodeStateVectorFromUpdate(state) : Y.encodeStateVector(note.doc);
}

/**
 * `read` of the note's document: the open one, or a throwaway copy of a resting note's
 * state (not kept, so reading every note for an index holds one document at a time).
 */
export function withNoteDoc<T>(note: OpenNote, read: (doc: Y.Doc) => T): T {
  const state = resting.get(note);
  if (!state) return read(note.doc);
  const doc = newNoteDoc(note.id);
  try {
    Y.applyUpdate(doc, state);
    return read(doc);
  } finally {
    doc.destroy();
  }
}

function restOn(note: OpenNote, state: Uint8Array, woken: DocWoken | undefined): void {
  resting.set(note, state);
  const open = (doc: Y.Doc) => {
    resting.delete(note);
    Object.defineProperty(note, "doc", {
      value: doc,
      writable: true,
      configurable: true,
      enumerable: true,
    });
  };
  Object.defineProperty(note, "doc", {
    configurable: true,
    enumerable: true,
    get() {
      const doc = newNoteDoc(note.id);
      Y.applyUpdate(doc, state);
      open(doc);
      woken?.(note);
      return doc;
    },
    set: open,
  });
}
