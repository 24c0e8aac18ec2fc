// Issue 21, attack 6: one editor wipes a note by compacting it. POST :compact replaces
// the only snapshot with whatever an editor sends and prunes the updates; a device
// that was behind merged the new snapshot and said nothing, and nothing of the old
// state survived. Now a device refuses a compaction whose snapshot does not reach the
// other writers' edits it held (CompactionIncomplete), and the owner reads back what
// the compaction replaced (GET /v1/notes/{id}/previous-compaction; the server side is
// proven in apps/web/test/previous-compaction.test.ts).
import { loadSodium, openEnvelope, type Sodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { ALL_LINES, deviceHoldingBobsLines } from "../../test/support/hostile-server/bobs-lines";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { CompactionIncomplete } from "../errors";
import { NoteEditor } from "../notes/editor";
import { healUpdate } from "../notes/heal";
import { readPreviousCompaction } from "../notes/previous-compaction";
import { refreshNote } from "../notes/refresh-note";
import { appendParagraph, readText, writeText } from "../notes/text";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

/** The owner's device, synced when Bob had written two more lines. */
async function ownerHoldingBobsLines() {
  const held = await deviceHoldingBobsLines(sodium);
  expect(readText(held.note.doc)).toBe(ALL_LINES);
  return held;
}

/** What a hostile editor compacts to: a document of its own with none of Bob's edits. */
function wipedDoc(): Y.Doc {
  const doc = new Y.Doc();
  writeText(doc, "nothing to see");
  return doc;
}

function fail(): never {
  throw new Error("note not held");
}

describe("a hostile editor (or server) compacting a note to nothing", () => {
  it("attack 6: a sync refuses a compacted snapshot that lacks edits the device held (CompactionIncomplete)", async () => {
    const { server, engine, note } = await ownerHoldingBobsLines();
    server.write("four"); // the device falls behind, so the snapshot is what it adopts
    server.compact(wipedDoc());

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(CompactionIncomplete)]);
    const refused = result.refused[0] as CompactionIncomplete;
    expect(refused).toMatchObject({ noteId: NOTE_ID, snapshotVersion: 3 });
    expect(refused.missing.map((m) => m.client)).toEqual([server.bobClientId]);
    expect(note.version).toBe(2);
    expect(readText(note.doc)).toBe(ALL_LINES);
  });

  it("attack 6: the refusing device's heal puts the dropped edits back for fresh devices", async () => {
    const { server, engine, note } = await ownerHoldingBobsLines();
    server.write("four");
    server.compact(wipedDoc());
    const [refused] = (await engine.syncOnce()).refused as CompactionIncomplete[];
    const heal = healUpdate(note, refused as CompactionIncomplete);

    // A device opening the note fresh: the wiped snapshot, then the heal as an update.
    const fresh = new Y.Doc();
    const snapshot = server.state().snapshot ?? "";
    Y.applyUpdate(fresh, openEnvelope(sodium, FIXED_CEK, NOTE_ID, snapshot));
    Y.applyUpdate(fresh, heal);
    for (const line of ["first line", "two", "three"]) expect(readText(fresh)).toContain(line);
  });

  it("attack 6: a compaction that drops this device's own acknowledged edits is refused too", async () => {
    const { server, api, session, engine, note } = await ownerHoldingBobsLines();
    const editor = new NoteEditor(api, note, session);
    appendParagraph(editor.doc, "the owner's own line");
    await editor.flush();
    editor.destroy();
    // The server prunes it with a compaction of Bob's lines alone (Bob never saw it).
    server.write("four");
    server.compact();
    server.write("five");

    const result = await engine.syncOnce();

    expect(result.refused).toEqual([expect.any(CompactionIncomplete)]);
    const refused = result.refused[0] as CompactionIncomplete;
    expect(refused.missing.map((m) => m.client)).toEqual([note.doc.clientID]);
    expect(readText(note.doc)).toContain("the owner's own line");
  });

  it("attack 6: refreshing an open note refuses it too, and adopts nothing of it", async () => {
    const { session, server, api, note } = await ownerHoldingBobsLines();
    server.write("four");
    server.compact(wipedDoc());

    await expect(refreshNote(api, session, note)).rejects.toBeInstanceOf(CompactionIncomplete);
    expect(readText(note.doc)).toBe(ALL_LINES);
    expect(note.version).toBe(2);
  });

  it("attack 6: an honest compaction by another member is adopted without a word", async () => {
    const { server, engine, note } = await ownerHoldingBobsLines();
    server.write("four");
    server.compact();

    const result = await engine.syncOnce();

    expect(result).toMatchObject({ changed: [NOTE_ID], refused: [] });
    expect(note).toMatchObject({ version: 3, snapshotVersion: 3 });
    expect(readText(note.doc)).toBe(`${ALL_LINES}\nfour`);
  });

  it("attack 6: the owner reads back every line the editor's compactions replaced", async () => {
    const { server, api, note } = await ownerHoldingBobsLines();
    expect(await readPreviousCompaction(api, note)).toBeUndefined();
    server.compact(wipedDoc());
    server.write("after the wipe");
    server.compact(wipedDoc());

    const previous = await readPreviousCompaction(api, note);

    // From the owner's first snapshot, every version since: the second wipe kept what
    // the first one's pruning would have lost.
    expect(previous).toMatchObject({ version: 3, snapshotVersion: 0 });
    expect(readText(previous?.doc ?? fail())).toBe(`${ALL_LINES}\nafter the wipe`);
  });

  it("attack 6: kept updates the server leaves out are noticed", async () => {
    const { server, api, note } = await ownerHoldingBobsLines();
    server.compact(wipedDoc());
    server.dropKeptUpdate = true;

    await expect(readPreviousCompaction(api, note)).rejects.toMatchObject({
      name: "UnexpectedResponse",
    });
  });
});
