// What the Trash shows of notes set aside (issue 33, item 3), from the vault state a
// person's screen renders: a note the server removed without its owner's signature is
// listed with why, survives a reload (cache and seen state), comes back as a new note
// of one's own with its text, or goes when discarded. And what the status lists of
// notes that did not open (item 13) until they open.
import "fake-indexeddb/auto";
import {
  createApiClient,
  MemorySeenStates,
  type OpenNote,
  prepareNote,
  RollbackDetected,
  readText,
  SyncEngine,
  type SyncResult,
  writeText,
} from "@notes/client";
import { loadSodium, sealCek } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { cacheNotes, loadCachedNote } from "./note-cache";
import { NoteWarnings } from "./note-warnings";
import { SetAsideShelf } from "./set-aside-shelf";
import { freshDb, testSession } from "./test-session";
import type { VaultState } from "./vault-state";

type TestSession = Awaited<ReturnType<typeof testSession>>;

/** A device's engine and shelf over `db`, recording what goes into the vault state. */
function shelfOver(db: Awaited<ReturnType<typeof freshDb>>, session: TestSession) {
  const api = createApiClient({ baseUrl: "http://x", fetch: () => Promise.reject(new Error()) });
  const engine = new SyncEngine(api, session);
  const states: Partial<VaultState>[] = [];
  const left: string[] = [];
  const shelf = new SetAsideShelf({
    engine,
    db,
    session,
    host: { set: (patch) => states.push(patch) },
    leaveLive: (id) => left.push(id),
    create: async (metadata) => {
      const { note } = await prepareNote(session, metadata);
      engine.track(note);
      return note.id;
    },
  });
  return { engine, shelf, states, left };
}

async function device() {
  const db = await freshDb();
  const session = { ...(await testSession()), seenStates: new MemorySeenStates() };
  return { db, session, ...shelfOver(db, session) };
}

async function heldNote(session: TestSession): Promise<OpenNote> {
  const { note } = await prepareNote(session, { title: "Lisbon", tags: ["trip"] });
  writeText(note.doc, "tram 28 at nine");
  note.wrappedCek = sealCek(await loadSodium(), note.cek, session.keyPair.publicKey);
  return note;
}

describe("the Trash's notes set aside", () => {
  it("lists a note set aside with why, keeps it through a reload, and restores it as a new note", async () => {
    const { db, session, engine, shelf, states, left } = await device();
    const note = await heldNote(session);
    const removal = {
      noteId: note.id,
      reason: "unsigned" as const,
      note,
      at: "2026-05-01T10:00:00.000Z",
    };
    engine.keepAside(removal);
    await shelf.take(removal);

    expect(left).toEqual([note.id]);
    expect(states.at(-1)?.setAside).toEqual([
      { id: note.id, title: "Lisbon", reason: "unsigned", at: "2026-05-01T10:00:00.000Z" },
    ]);

    // A reload: the cached copy opens, and the seen state says it left unconfirmed.
    session.seenStates.set({
      noteId: note.id,
      version: 0,
      snapshotVersion: 0,
      left: { at: removal.at, confirmed: false, reason: "unsigned" },
    });
    const cached = await loadCachedNote(db, session, note.id);
    if (!cached) throw new Error("not cached");
    const reloaded = shelfOver(db, session);
    const shelf2 = reloaded.shelf;
    expect(shelf2.holdCached(cached.note)).toBe(true);
    expect(reloaded.engine.note(note.id)).toBeUndefined();
    shelf2.publish();
    expect(reloaded.states.at(-1)?.setAside?.map((i) => i.title)).toEqual(["Lisbon"]);
    expect(shelf2.markdown(note.id)?.text).toContain("tram 28 at nine");

    const newId = await shelf2.restoreAsNew(note.id);
    const restored = newId ? reloaded.engine.note(newId) : undefined;
    expect(restored?.metadata).toMatchObject({ title: "Lisbon", tags: ["trip"] });
    expect(readText(restored?.doc ?? fail())).toBe("tram 28 at nine");
    expect(reloaded.states.at(-1)?.setAside).toEqual([]);
    expect(await db.get("notes", note.id)).toBeUndefined();
  });

  it("discards a note set aside, and drops from the cache one whose deletion was confirmed", async () => {
    const { db, session, engine, shelf, states } = await device();
    const note = await heldNote(session);
    await cacheNotes(db, session, [note]);
    engine.keepAside({ noteId: note.id, reason: "not-the-owner", note, at: "x" });
    await shelf.discard(note.id);
    expect(states.at(-1)?.setAside).toEqual([]);
    expect(await db.get("notes", note.id)).toBeUndefined();

    const deleted = await heldNote(session);
    await cacheNotes(db, session, [deleted]);
    session.seenStates.set({
      noteId: deleted.id,
      version: 0,
      snapshotVersion: 0,
      left: { at: "x", confirmed: true },
    });
    expect(shelf.holdCached(deleted)).toBe(true);
    expect(engine.unconfirmedRemovals()).toEqual([]);
  });
});

describe("the Trash's notes set aside, after a reload that opens no other note (issue 35)", () => {
  it("reads from the cache only the notes the seen states say left", async () => {
    const { db, session } = await device();
    const aside = await heldNote(session);
    const deleted = await heldNote(session);
    const live = await heldNote(session);
    await cacheNotes(db, session, [aside, deleted, live]);
    session.seenStates.set({
      noteId: aside.id,
      version: 0,
      snapshotVersion: 0,
      left: { at: "2026-05-01T10:00:00.000Z", confirmed: false, reason: "unsigned" },
    });
    session.seenStates.set({
      noteId: deleted.id,
      version: 0,
      snapshotVersion: 0,
      left: { at: "x", confirmed: true },
    });

    const reloaded = shelfOver(db, session);
    await reloaded.shelf.restore();

    expect(reloaded.engine.unconfirmedRemovals().map((r) => r.noteId)).toEqual([aside.id]);
    expect(reloaded.states.at(-1)?.setAside?.map((i) => i.id)).toEqual([aside.id]);
    expect(await db.get("notes", deleted.id)).toBeUndefined();
    // The live note is neither opened nor touched: it rests in the cache.
    expect(reloaded.engine.note(live.id)).toBeUndefined();
    expect(await db.get("notes", live.id)).toBeDefined();
  });
});

describe("the status's notes not opened", () => {
  const result = (patch: Partial<SyncResult>): SyncResult => ({
    changed: [],
    removed: [],
    unconfirmed: [],
    unreadable: [],
    notOpened: [],
    refused: [],
    ...patch,
  });

  it("stay listed across runs until the note opens or leaves", () => {
    const warnings = new NoteWarnings();
    const held = (id: string) =>
      id === "b" ? ({ metadata: { title: "Budget" } } as OpenNote) : undefined;
    const older = new RollbackDetected(
      "b",
      "older-metadata",
      { version: 1, snapshotVersion: 0 },
      { version: 1, snapshotVersion: 0 },
    );
    expect(
      warnings.take(
        result({ notOpened: [{ noteId: "a", reason: "key", held: false }], refused: [older] }),
        held,
      ),
    ).toBe(true);
    expect(warnings.list()).toEqual([
      { id: "a", reason: "key" },
      { id: "b", reason: "older-copy", title: "Budget" },
    ]);
    expect(warnings.take(result({}), held)).toBe(false);
    expect(warnings.take(result({ changed: ["a"], removed: ["b"] }), held)).toBe(true);
    expect(warnings.list()).toEqual([]);
  });
});

function fail(): never {
  throw new Error("note not held");
}
