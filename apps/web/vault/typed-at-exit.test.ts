import "fake-indexeddb/auto";
import { appendParagraph, type OpenNote, readText } from "@notes/client";
import { generateKey, loadSodium } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { OutboxOp } from "./local-db";
import { NoteWriter, type SealedEdit } from "./note-writer";
import { enqueue } from "./outbox";
import { freshDb } from "./test-session";
import {
  forgetAllTypedAtExit,
  keepTypedAtExit,
  readTypedAtExit,
  type TakeBackHost,
  takeTypedAtExit,
  typedAtExitKey,
} from "./typed-at-exit";

class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

async function newNote(): Promise<OpenNote> {
  return {
    id: crypto.randomUUID(),
    doc: new Y.Doc(),
    cek: generateKey(await loadSodium()),
    version: 1,
    snapshotVersion: 0,
    metadata: { title: "Before", tags: [], rev: 1 },
    role: "owner",
  };
}

/** The same note as the next start reads it from the cache: its state, not its edits. */
function reread(note: OpenNote, state: Uint8Array): OpenNote {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return { ...note, doc, metadata: { title: "Before", tags: [], rev: 1 } };
}

/** A writer whose stored writes never land (the page went away), and what it kept. */
async function typedThenGone(note: OpenNote, type: (w: NoteWriter) => void) {
  const w = new NoteWriter(() => new Promise<void>(() => {}));
  await w.flush();
  w.watch(note);
  type(w);
  let kept: SealedEdit[] = [];
  void w.flushNow((edits) => {
    kept = edits;
  });
  return kept;
}

/** The next start of account "acc" taking back what `storage` kept. */
function takeBack(
  db: TakeBackHost["db"],
  storage: MemoryStorage,
  hold: TakeBackHost["hold"],
  took: TakeBackHost["took"] = async () => {},
) {
  return takeTypedAtExit({ db, accountId: "acc", hold, took, storage });
}

describe("edits typed just before the page went away", () => {
  it("are sealed within the task, kept, and put back on the note and into the outbox once", async () => {
    const storage = new MemoryStorage();
    const note = await newNote();
    const before = Y.encodeStateAsUpdate(note.doc);
    const kept = await typedThenGone(note, (w) => {
      appendParagraph(note.doc, "typed in the pause");
      w.setMetadata(note, { title: "Typed title", tags: ["t"], rev: 1 });
    });
    // Handed over synchronously: nothing was awaited between the call and `kept`.
    expect(kept).toHaveLength(1);
    keepTypedAtExit("Acc", kept, storage);
    expect(storage.getItem(typedAtExitKey("acc"))).not.toContain("typed in the pause");
    expect(storage.getItem(typedAtExitKey("acc"))).not.toContain("Typed title");

    const db = await freshDb();
    const cached = reread(note, before);
    const took: OpenNote[][] = [];
    const host = {
      db,
      accountId: "acc",
      hold: async (id: string) => (id === note.id ? cached : undefined),
      took: async (notes: OpenNote[]) => void took.push(notes),
      storage,
    };
    await takeTypedAtExit(host);
    expect(readText(cached.doc)).toContain("typed in the pause");
    expect(cached.metadata.title).toBe("Typed title");
    expect(took).toEqual([[cached]]);
    const outbox = await db.getAll("outbox");
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "append", noteId: note.id, body: kept[0]?.body });
    expect(storage.getItem(typedAtExitKey("acc"))).toBeNull();
    // Taken twice (two tabs): the outbox holds it once.
    keepTypedAtExit("acc", kept, storage);
    await takeTypedAtExit(host);
    expect(await db.getAll("outbox")).toHaveLength(1);
  });

  it("are not queued again when the outbox already holds them, nor kept once stored", async () => {
    const storage = new MemoryStorage();
    const note = await newNote();
    const kept = await typedThenGone(note, () => appendParagraph(note.doc, "x"));
    keepTypedAtExit("acc", kept, storage);
    const db = await freshDb();
    const edit = kept[0] as SealedEdit;
    await enqueue(db, { kind: "append", noteId: note.id, updateCount: 1, body: edit.body });
    await takeBack(db, storage, async () => note);
    expect(await db.getAll("outbox")).toHaveLength(1);

    // A page that lived on (back-forward cache): the stored write takes them out.
    const stored: SealedEdit[][] = [];
    const w = new NoteWriter(async (edits) => void stored.push(edits));
    await w.flush();
    w.watch(note);
    appendParagraph(note.doc, "y");
    let ids: string[] = [];
    await w.flushNow((edits) => {
      keepTypedAtExit("acc", edits, storage);
      ids = edits.map((e) => e.body.requestId);
    });
    expect(readTypedAtExit("acc", storage)).toHaveLength(1);
    expect(stored).toHaveLength(1);
    expect(ids).toEqual([stored[0]?.[0]?.body.requestId]);
  });

  it("drops what does not open under the note's keys or does not parse, and forgets on sign-out", async () => {
    const storage = new MemoryStorage();
    const note = await newNote();
    const kept = await typedThenGone(note, () => appendParagraph(note.doc, "secret"));
    keepTypedAtExit("acc", kept, storage);
    const other = { ...(await newNote()), id: note.id };
    const db = await freshDb();
    const took: OpenNote[][] = [];
    await takeBack(
      db,
      storage,
      async () => other,
      async (notes) => void took.push(notes),
    );
    expect(readText(other.doc)).toBe("");
    expect(took).toEqual([[]]);
    expect(await db.getAll("outbox")).toHaveLength(0);
    expect(storage.getItem(typedAtExitKey("acc"))).toBeNull();

    // Not cached here (its cache write went with the page), its creation still queued:
    // the append follows the creation into the outbox.
    keepTypedAtExit("acc", kept, storage);
    // (The creation's body is never read here.)
    await enqueue(db, { kind: "create", noteId: note.id, body: {} } as OutboxOp);
    await takeBack(db, storage, async () => undefined);
    expect((await db.getAll("outbox")).map((op) => op.kind)).toEqual(["create", "append"]);

    storage.setItem(typedAtExitKey("acc"), '[{"kind":"append","noteId":"n"}, 3]');
    expect(readTypedAtExit("acc", storage)).toEqual([]);
    storage.setItem(typedAtExitKey("acc"), "not json");
    expect(readTypedAtExit("acc", storage)).toEqual([]);
    keepTypedAtExit("b", kept, storage);
    storage.setItem("notes.other", "stays");
    forgetAllTypedAtExit(storage);
    expect(storage.length).toBe(1);
  });
});
