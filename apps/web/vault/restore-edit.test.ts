// Restoring a revision is an ordinary edit: the note's writer seals it into one
// outbox append whose updates, applied on another copy, give the revision's text.
import { type OpenNote, REMOTE_ORIGIN, readText, restoreRevision, writeText } from "@notes/client";
import { generateKey, loadSodium, openEnvelope } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { NoteWriter, type SealedEdit } from "./note-writer";

describe("restoring a revision", () => {
  it("goes through the writer as a local edit that other copies converge on", async () => {
    const sodium = await loadSodium();
    const doc = new Y.Doc();
    writeText(doc, "current text");
    const note: OpenNote = {
      id: crypto.randomUUID(),
      doc,
      cek: generateKey(sodium),
      version: 1,
      snapshotVersion: 1,
      metadata: { title: "T", tags: [] },
      role: "owner",
    };
    // Another device holds the same current state.
    const elsewhere = new Y.Doc();
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(doc), REMOTE_ORIGIN);
    const stored: SealedEdit[] = [];
    const writer = new NoteWriter(async (edits) => {
      stored.push(...edits);
    });
    writer.watch(note);
    const revision = new Y.Doc();
    writeText(revision, "the old words\nin two lines");
    restoreRevision(note.doc, revision);
    await writer.flush();
    expect(stored).toHaveLength(1);
    const edit = stored[0] as SealedEdit;
    expect(edit.updateCount).toBe(1);
    for (const update of edit.body.updates)
      Y.applyUpdate(elsewhere, openEnvelope(sodium, note.cek, note.id, update), REMOTE_ORIGIN);
    expect(readText(elsewhere)).toBe("the old words\nin two lines");
    expect(readText(note.doc)).toBe("the old words\nin two lines");
  });
});
