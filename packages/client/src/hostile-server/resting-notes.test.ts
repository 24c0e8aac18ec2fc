// Issue 35: a note whose Y.Doc rests between syncs (resting-doc.ts: its state kept, its
// document let go) is judged exactly as an open one. A rollback, a compaction that drops
// held edits, and an honest change each meet a resting note as they meet an open one.
// So is a note let go from memory altogether (it rests in an app's cache): the engine
// reads it back (`load`) before a change for it is applied, after a reload too.
import { loadSodium, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { ALL_LINES, deviceHoldingBobsLines } from "../../test/support/hostile-server/bobs-lines";
import { NOTE_ID } from "../../test/support/test-keys";
import type { NoteState } from "../api/types";
import { CompactionIncomplete, RollbackDetected } from "../errors";
import type { OpenNote } from "../notes/open-state";
import { isDocOpen, restDoc, withNoteDoc } from "../notes/resting-doc";
import { readText, writeText } from "../notes/text";
import { SyncEngine } from "../sync/sync-engine";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** A device that synced Bob's two lines, its note then left to rest. */
async function restingAfterSync() {
  const { server, engine, note } = await deviceHoldingBobsLines(sodium);
  restDoc(note);
  expect(isDocOpen(note)).toBe(false);
  return { server, engine, note };
}

describe("a hostile server meeting resting notes", () => {
  it("a rollback to an older version is refused, the resting state untouched", async () => {
    const { server, engine, note } = await restingAfterSync();
    const older = server.history[1] as NoteState;
    server.serve = () => older;

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(RollbackDetected)]);
    expect(result.changed).toEqual([]);
    expect(note.version).toBe(2);
    expect(withNoteDoc(note, readText)).toBe(ALL_LINES);
  });

  it("a compaction that drops the edits it held is refused (CompactionIncomplete)", async () => {
    const { server, engine, note } = await restingAfterSync();
    server.write("four");
    const wiped = new Y.Doc();
    writeText(wiped, "nothing to see");
    server.compact(wiped);

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(CompactionIncomplete)]);
    expect(note.version).toBe(2);
    expect(readText(note.doc)).toBe(ALL_LINES);
  });

  it("an honest update is applied to the woken document and rests again intact", async () => {
    const { server, engine, note } = await restingAfterSync();
    server.write("four");

    const result = await engine.syncOnce();

    expect(result).toMatchObject({ changed: [NOTE_ID], refused: [] });
    restDoc(note);
    expect(withNoteDoc(note, readText)).toBe(`${ALL_LINES}\nfour`);
    expect(note.version).toBe(3);
  });
});

/**
 * The device after a reload: a new engine resuming from the saved token, holding no
 * note in memory; the note rests in a cache (`cache`) that `load` reads from.
 */
async function reloadedWithNoteInCache() {
  const { session, server, api, engine, note } = await deviceHoldingBobsLines(sodium);
  restDoc(note);
  const cache = new Map<string, OpenNote>([[NOTE_ID, note]]);
  const asked: string[][] = [];
  const load = async (ids: string[]) => {
    asked.push(ids);
    return ids.flatMap((id) => cache.get(id) ?? []);
  };
  const reloaded = new SyncEngine(api, session, engine.token, { load });
  expect(reloaded.size).toBe(0);
  return { server, engine: reloaded, note, asked };
}

describe("a hostile server meeting notes let go from memory", () => {
  it("a compaction that drops held edits is refused: the note is read back before it is judged", async () => {
    const { server, engine, note, asked } = await reloadedWithNoteInCache();
    server.write("four");
    const wiped = new Y.Doc();
    writeText(wiped, "nothing to see");
    server.compact(wiped);

    const result = await engine.syncOnce();

    expect(asked).toEqual([[NOTE_ID]]);
    expect(result.refused).toEqual([expect.any(CompactionIncomplete)]);
    expect(result.changed).toEqual([]);
    expect(withNoteDoc(note, readText)).toBe(ALL_LINES);
  });

  it("a deletion its owner did not sign sets the note aside with its text, not silently dropped", async () => {
    const { server, engine } = await reloadedWithNoteInCache();
    server.delete();

    const result = await engine.syncOnce();

    expect(result.removed).toEqual([]);
    expect(result.unconfirmed.map((r) => r.noteId)).toEqual([NOTE_ID]);
    const [aside] = engine.unconfirmedRemovals();
    expect(aside && withNoteDoc(aside.note, readText)).toBe(ALL_LINES);
  });

  it("an honest change is applied to the note read back; a note in memory is not read again", async () => {
    const { server, engine, note, asked } = await reloadedWithNoteInCache();
    server.write("four");

    expect(await engine.syncOnce()).toMatchObject({ changed: [NOTE_ID], refused: [] });
    expect(engine.note(NOTE_ID)).toBe(note);
    expect(withNoteDoc(note, readText)).toBe(`${ALL_LINES}\nfour`);
    server.write("five");
    await engine.syncOnce();
    expect(asked).toEqual([[NOTE_ID]]);

    // Let go again: the next change reads it back once more.
    engine.release(NOTE_ID);
    expect(engine.note(NOTE_ID)).toBeUndefined();
    server.write("six");
    await engine.syncOnce();
    expect(asked).toEqual([[NOTE_ID], [NOTE_ID]]);
    expect(withNoteDoc(note, readText)).toBe(`${ALL_LINES}\nfour\nfive\nsix`);
  });
});
