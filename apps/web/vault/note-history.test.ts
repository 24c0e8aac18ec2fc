// The revision schedule: on close after local edits, at most every 10 minutes while
// editing; never for free accounts, viewers, remote changes or untouched notes.
import { type OpenNote, REMOTE_ORIGIN, type RevisionBase, writeText } from "@notes/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { NoteHistory, REVISION_INTERVAL_MS } from "./note-history";

function openNote(role: OpenNote["role"] = "owner"): OpenNote {
  const doc = new Y.Doc();
  return {
    id: "n1",
    doc,
    cek: new Uint8Array(32),
    version: 0,
    snapshotVersion: 0,
    metadata: { title: "", tags: [] },
    role,
  };
}

function setup(premium = true) {
  const stored: string[] = [];
  const tier = { premium };
  const bases: (number | undefined)[] = [];
  const store = vi.fn(async (note: OpenNote, base: RevisionBase | undefined) => {
    stored.push(note.id);
    bases.push(base?.revision);
    return { revision: stored.length, stateVector: new Uint8Array(), depth: 0 };
  });
  const history = new NoteHistory({ store, premium: () => tier.premium, now: Date.now });
  return { history, stored, store, tier, bases };
}

describe("NoteHistory", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("stores one revision when an edited note is closed, none for an untouched one", async () => {
    const { history, stored } = setup();
    const note = openNote();
    history.open(note);
    await history.close(note.id);
    expect(stored).toEqual([]);
    history.open(note);
    writeText(note.doc, "typed");
    await history.close(note.id);
    expect(stored).toEqual(["n1"]);
    writeText(note.doc, "after closing");
    await vi.advanceTimersByTimeAsync(REVISION_INTERVAL_MS * 2);
    expect(stored).toEqual(["n1"]);
  });

  it("hands each store the revision stored before, across closing and reopening", async () => {
    const { history, bases } = setup();
    const note = openNote();
    for (const text of ["one", "two"]) {
      history.open(note);
      writeText(note.doc, text);
      await history.close(note.id);
    }
    expect(bases).toEqual([undefined, 1]);
  });

  it("stores at most every 10 minutes while editing goes on", async () => {
    const { history, stored } = setup();
    const note = openNote();
    history.open(note);
    for (let minute = 0; minute < 25; minute += 1) {
      writeText(note.doc, `minute ${minute}`);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    // Ten minutes after the first edit, then ten after that; the rest waits for close.
    expect(stored).toEqual(["n1", "n1"]);
    await history.close(note.id);
    expect(stored).toHaveLength(3);
  });

  it("ignores changes that came from the server or a peer", async () => {
    const { history, stored } = setup();
    const note = openNote();
    history.open(note);
    note.doc.transact(() => writeText(note.doc, "theirs"), REMOTE_ORIGIN);
    await vi.advanceTimersByTimeAsync(REVISION_INTERVAL_MS);
    await history.close(note.id);
    expect(stored).toEqual([]);
  });

  it("never stores for a free account or a viewer", async () => {
    const free = setup(false);
    const note = openNote();
    free.history.open(note);
    writeText(note.doc, "typed");
    await vi.advanceTimersByTimeAsync(REVISION_INTERVAL_MS);
    await free.history.close(note.id);
    expect(free.stored).toEqual([]);
    const viewer = setup(true);
    const read = openNote("viewer");
    viewer.history.open(read);
    writeText(read.doc, "local only");
    await viewer.history.close(read.id);
    expect(viewer.stored).toEqual([]);
  });

  it("tries again at the next close when storing failed", async () => {
    const { history, store } = setup();
    store.mockRejectedValueOnce(new Error("offline"));
    const note = openNote();
    history.open(note);
    writeText(note.doc, "typed");
    await vi.advanceTimersByTimeAsync(REVISION_INTERVAL_MS);
    expect(store).toHaveBeenCalledTimes(1);
    await history.close(note.id);
    expect(store).toHaveBeenCalledTimes(2);
  });
});
