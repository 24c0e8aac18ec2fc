import {
  appendParagraph,
  isDocOpen,
  LIVE_ORIGIN,
  type OpenNote,
  REMOTE_ORIGIN,
  readText,
  restDoc,
} from "@notes/client";
import { generateKey, loadSodium, openEnvelope, openMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { NoteWriter, type SealedEdit } from "./note-writer";

async function openNote(): Promise<OpenNote> {
  return {
    id: crypto.randomUUID(),
    doc: new Y.Doc(),
    cek: generateKey(await loadSodium()),
    version: 0,
    snapshotVersion: 0,
    metadata: { title: "", tags: [] },
    role: "owner",
  };
}

function writer() {
  const stored: SealedEdit[][] = [];
  const touched: string[][] = [];
  const dirty: boolean[] = [];
  const w = new NoteWriter(
    async (edits, live) => {
      if (edits.length > 0) stored.push(edits);
      touched.push(live.map((n) => n.id));
    },
    (d) => dirty.push(d),
  );
  return { w, stored, touched, dirty };
}

describe("NoteWriter", () => {
  it("watches a resting note without opening it, and its edits once it is woken", async () => {
    const note = await openNote();
    const { w, stored } = writer();
    restDoc(note, (woken) => w.watch(woken));
    w.watch(note);
    expect(isDocOpen(note)).toBe(false);
    appendParagraph(note.doc, "typed after waking");
    await w.flush();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[0]?.updateCount).toBe(1);
  });

  it("stops saying edits wait once the only pending ones were dropped with their note", async () => {
    const note = await openNote();
    const { w, stored, dirty } = writer();
    w.watch(note);
    w.setMetadata(note, { title: "x", tags: [], trashedAt: "2026-11-23T00:00:00Z" });
    expect(dirty.at(-1)).toBe(true);
    w.drop(note.id);
    await w.flush();
    expect(stored).toEqual([]);
    expect(dirty.at(-1)).toBe(false);
  });

  it("seals local edits and metadata into one append with a fresh requestId", async () => {
    const sodium = await loadSodium();
    const note = await openNote();
    const { w, stored, dirty } = writer();
    w.watch(note);
    appendParagraph(note.doc, "first");
    appendParagraph(note.doc, "second");
    w.setMetadata(note, { title: "Plans", tags: ["a"] });
    expect(dirty.at(-1)).toBe(true);
    await w.flush();
    expect(dirty.at(-1)).toBe(false);
    const [edit] = stored[0] ?? [];
    expect(edit?.updateCount).toBe(2);
    expect(edit?.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const replica = new Y.Doc();
    for (const u of edit?.body.updates ?? [])
      Y.applyUpdate(replica, openEnvelope(sodium, note.cek, note.id, u));
    expect(readText(replica)).toBe("first\nsecond");
    // Sealed at the next metadata revision (issue 33, item 6): the note had none.
    expect(openMetadata(sodium, note.cek, note.id, edit?.body.metadata ?? "")).toEqual({
      title: "Plans",
      tags: ["a"],
      rev: 1,
    });
  });

  it("never sends back what came from the server, and watches a document once", async () => {
    const note = await openNote();
    const { w, stored } = writer();
    w.watch(note);
    w.watch(note);
    note.doc.transact(() => appendParagraph(note.doc, "remote"), REMOTE_ORIGIN);
    await w.flush();
    expect(stored).toEqual([]);
    appendParagraph(note.doc, "local");
    await w.flush();
    expect(stored[0]?.[0]?.updateCount).toBe(1);
  });

  it("caches a peer's live edit without appending it (the author appends its own)", async () => {
    const note = await openNote();
    const { w, stored, touched, dirty } = writer();
    w.watch(note);
    note.doc.transact(() => appendParagraph(note.doc, "from a peer"), LIVE_ORIGIN);
    await w.flush();
    expect(stored).toEqual([]);
    expect(touched).toEqual([[note.id]]);
    expect(dirty).not.toContain(true);
  });

  it("appends a removed member's adopted live text as its own", async () => {
    const sodium = await loadSodium();
    const note = await openNote();
    const { w, stored } = writer();
    w.watch(note);
    const peer = new Y.Doc();
    appendParagraph(peer, "typed as they were removed");
    const update = Y.encodeStateAsUpdate(peer);
    Y.applyUpdate(note.doc, update, LIVE_ORIGIN);
    w.adopt(note, update);
    await w.flush();
    const [edit] = stored[0] ?? [];
    const replica = new Y.Doc();
    for (const u of edit?.body.updates ?? [])
      Y.applyUpdate(replica, openEnvelope(sodium, note.cek, note.id, u));
    expect(readText(replica)).toBe("typed as they were removed");
  });

  it("puts typed metadata back after a sync replaced it with the server's older copy", async () => {
    const note = await openNote();
    const { w } = writer();
    w.setMetadata(note, { title: "Typed", tags: ["t"] });
    note.metadata = { title: "", tags: [] };
    w.reapplyPending();
    expect(note.metadata).toEqual({ title: "Typed", tags: ["t"] });
  });

  it("drops the pending edits of a deleted note", async () => {
    const note = await openNote();
    const { w, stored } = writer();
    w.watch(note);
    appendParagraph(note.doc, "gone");
    w.drop(note.id);
    await w.flush();
    expect(stored).toEqual([]);
  });
});
