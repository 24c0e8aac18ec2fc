// The sorted index keeps every order it was asked for exactly as a full sort would,
// whether a change moves one row or a page of hundreds is merged in (issue 35).
import { describe, expect, it } from "vitest";
import { NoteIndex } from "./note-index";
import { NoteListView } from "./note-list-view";
import { arrangeNotes, type NoteSort } from "./note-order";
import { notebookTree, tagCounts } from "./notebooks";
import type { NoteListItem } from "./vault-state";

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const day = () => `2026-11-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}T00:00:00Z`;

function item(id: string): NoteListItem {
  return {
    id,
    title: ["Plans", "apples", "Zebra", ""][Math.floor(random() * 4)] ?? "",
    tags: random() < 0.3 ? ["work"] : [],
    role: "owner",
    shared: false,
    ...(random() < 0.1 && { pinned: true }),
    ...(random() < 0.1 && { trashedAt: day() }),
    ...(random() < 0.8 && { updatedAt: day() }),
    ...(random() < 0.5 && { createdAt: day() }),
    ...(random() < 0.3 && { notebook: ["Work"] }),
  };
}

const SORTS: NoteSort[] = ["edited", "created", "title"];
const ids = (rows: readonly NoteListItem[]) => rows.map((n) => n.id);

describe("NoteIndex", () => {
  it("matches a full sort after single moves and after merged pages, in every order", () => {
    const index = new NoteIndex();
    const all = new Map<string, NoteListItem>();
    const put = (items: NoteListItem[], removed: string[] = []) => {
      for (const n of items) all.set(n.id, n);
      for (const id of removed) all.delete(id);
      index.apply(items, removed);
    };
    put(Array.from({ length: 300 }, (_, i) => item(`n${i}`)));
    for (const sort of SORTS) index.ordered("notes", sort); // built, then kept
    index.ordered("trash", "edited");
    for (let round = 0; round < 40; round++) {
      const page = round % 5 === 0 ? 150 : 3; // merged, or moved a row at a time
      const changed = Array.from({ length: page }, () => item(`n${Math.floor(random() * 400)}`));
      const removed = round % 3 === 0 ? [`n${Math.floor(random() * 400)}`] : [];
      put(
        changed.filter((n) => !removed.includes(n.id)),
        removed,
      );
      for (const sort of SORTS)
        expect(ids(index.ordered("notes", sort))).toEqual(
          ids(arrangeNotes([...all.values()], "notes", sort)),
        );
      expect(ids(index.ordered("trash", "title"))).toEqual(
        ids(arrangeNotes([...all.values()], "trash", "title")),
      );
    }
    expect(index.size).toBe(all.size);
    // The sidebar's counts, kept as notes changed, are those of a pass over every note.
    const view = new NoteListView(index);
    expect(view.facets().tags).toEqual(tagCounts(all.values()));
    expect(view.facets().notebooks).toEqual(notebookTree(all.values()));
    expect(index.trashed).toBe([...all.values()].filter((n) => n.trashedAt).length);
  });

  it("answers windows, positions and steps, filtered or not", () => {
    const index = new NoteIndex();
    index.apply(Array.from({ length: 1000 }, (_, i) => item(`n${i}`)));
    const view = new NoteListView(index);
    const query = { view: "notes" as const, sort: "title" as const };
    const full = ids(arrangeNotes([...index.values()], "notes", "title"));
    expect(view.count(query)).toBe(full.length);
    expect(ids(view.window(query, 10, 20))).toEqual(full.slice(10, 20));
    expect(view.position(query, full[42] as string)).toBe(42);
    expect(view.step(query, full[42], 1)).toBe(full[43]);
    const work = { ...query, filter: { kind: "tag" as const, tag: "work" } };
    const tagged = full.filter((id) => index.get(id)?.tags.includes("work"));
    expect(view.count(work)).toBe(tagged.length);
    expect(view.position(work, tagged[5] as string)).toBe(5);
    expect(view.facets().live).toBe(full.length);
  });
});
