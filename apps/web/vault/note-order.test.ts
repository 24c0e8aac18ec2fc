import { describe, expect, it } from "vitest";
import { arrangeNotes, trashCount } from "./note-order";
import type { NoteListItem } from "./vault-state";

const item = (id: string, extra: Partial<NoteListItem> = {}): NoteListItem => ({
  id,
  title: id,
  tags: [],
  role: "owner",
  shared: false,
  ...extra,
});

const notes = [
  item("banana", { updatedAt: "2026-11-03T00:00:00Z", createdAt: "2026-01-02T00:00:00Z" }),
  item("apple", { updatedAt: "2026-11-01T00:00:00Z", createdAt: "2026-01-03T00:00:00Z" }),
  item("cherry", { updatedAt: "2026-11-02T00:00:00Z", pinned: true }),
  item("date", { updatedAt: "2026-11-04T00:00:00Z", trashedAt: "2026-11-05T00:00:00Z" }),
  item("elder", { trashedAt: "2026-11-06T00:00:00Z" }),
  item("", { updatedAt: "2026-10-01T00:00:00Z" }),
];
const ids = (list: NoteListItem[]) => list.map((n) => n.id);

describe("arrangeNotes", () => {
  it("lists pinned notes first, then the most recently edited; trashed ones stay out", () => {
    expect(ids(arrangeNotes(notes, "notes", "edited"))).toEqual(["cherry", "banana", "apple", ""]);
  });

  it("puts a note just made (no server date yet) under the pinned ones, not at the end", () => {
    const made = item("new", { createdAt: "2026-11-09T00:00:00Z" });
    expect(ids(arrangeNotes([...notes, made], "notes", "edited"))).toEqual([
      "cherry",
      "new",
      "banana",
      "apple",
      "",
    ]);
  });

  it("sorts by creation (falling back to the last edit) and by title, pinned still first", () => {
    expect(ids(arrangeNotes(notes, "notes", "created"))).toEqual(["cherry", "", "apple", "banana"]);
    expect(ids(arrangeNotes(notes, "notes", "title"))).toEqual(["cherry", "apple", "banana", ""]);
  });

  it("shows the trash alone, most recently trashed first, and counts it", () => {
    expect(ids(arrangeNotes(notes, "trash", "title"))).toEqual(["elder", "date"]);
    expect(trashCount(notes)).toBe(2);
  });

  it("does not reorder its input", () => {
    const before = ids(notes);
    arrangeNotes(notes, "notes", "title");
    expect(ids(notes)).toEqual(before);
  });
});
