import { describe, expect, it } from "vitest";
import {
  applyFilter,
  notebookPaths,
  notebookTree,
  parseNotebookPath,
  tagCounts,
} from "./notebooks";
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
  item("plan", { notebook: ["Work", "Projects"], tags: ["q4"] }),
  item("memo", { notebook: ["Work"], tags: ["q4", "people"] }),
  item("recipe", { notebook: ["Home"] }),
  item("loose", { tags: ["people"] }),
  item("old", { notebook: ["Archive"], trashedAt: "2026-11-01T00:00:00Z", tags: ["gone"] }),
];
const ids = (list: NoteListItem[]) => list.map((n) => n.id);

describe("notebooks", () => {
  it("nests notebooks by path, counts include nested ones, trash left out", () => {
    expect(notebookTree(notes)).toEqual([
      { name: "Home", path: ["Home"], count: 1, children: [] },
      {
        name: "Work",
        path: ["Work"],
        count: 2,
        children: [{ name: "Projects", path: ["Work", "Projects"], count: 1, children: [] }],
      },
    ]);
    expect(notebookPaths(notebookTree(notes))).toEqual([["Home"], ["Work"], ["Work", "Projects"]]);
  });

  it("filters by notebook (nested included) and by tag", () => {
    expect(ids(applyFilter(notes, { kind: "notebook", path: ["Work"] }))).toEqual(["plan", "memo"]);
    expect(ids(applyFilter(notes, { kind: "notebook", path: ["Work", "Projects"] }))).toEqual([
      "plan",
    ]);
    expect(ids(applyFilter(notes, { kind: "tag", tag: "people" }))).toEqual(["memo", "loose"]);
    expect(applyFilter(notes, { kind: "all" })).toHaveLength(notes.length);
  });

  it("counts tags by name, trash left out", () => {
    expect(tagCounts(notes)).toEqual([
      { tag: "people", count: 2 },
      { tag: "q4", count: 2 },
    ]);
  });

  it("reads a typed path, nested by slashes", () => {
    expect(parseNotebookPath(" Work / Projects ")).toEqual(["Work", "Projects"]);
    expect(parseNotebookPath("Home")).toEqual(["Home"]);
    expect(parseNotebookPath(" / ")).toBeUndefined();
  });
});
