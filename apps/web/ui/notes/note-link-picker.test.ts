import { getSchema } from "@tiptap/core";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import type { NoteListItem } from "../../vault/vault-state";
import { pickerChoices, pickerQuery } from "./note-link-picker";

const schema = getSchema([StarterKit]);

function typed(text: string, block = "paragraph"): EditorState {
  const doc = schema.nodeFromJSON({
    type: "doc",
    content: [{ type: block, content: text ? [{ type: "text", text }] : [] }],
  });
  const state = EditorState.create({ doc });
  return state.apply(state.tr.setSelection(TextSelection.create(doc, 1 + text.length)));
}

const note = (id: string, title: string, extra: Partial<NoteListItem> = {}): NoteListItem => ({
  id,
  title,
  tags: [],
  role: "owner",
  shared: false,
  ...extra,
});

describe("the [[ picker", () => {
  it("opens on [[ before the caret, with what follows as the query", () => {
    expect(pickerQuery(typed("see [["))).toEqual({ query: "", from: 5, to: 7 });
    expect(pickerQuery(typed("see [[Trip pl"))).toEqual({ query: "Trip pl", from: 5, to: 14 });
  });

  it("stays shut without [[, once closed by ]], and in code", () => {
    expect(pickerQuery(typed("see [Trip"))).toBeUndefined();
    expect(pickerQuery(typed("see [[Trip]] and"))).toBeUndefined();
    expect(pickerQuery(typed("x [[Trip", "codeBlock"))).toBeUndefined();
  });

  it("offers titles holding the query, newest first, never this note or the trash", () => {
    const notes = [
      note("a", "Trip plan", { updatedAt: "2026-11-01" }),
      note("b", "Old trip", { updatedAt: "2026-11-03" }),
      note("c", "Recipes"),
      note("d", "Trip binned", { trashedAt: "2026-11-02" }),
      note("self", "Trip here"),
    ];
    expect(pickerChoices(notes, "trip", "self").map((n) => n.id)).toEqual(["b", "a"]);
    expect(pickerChoices(notes, "", "self")).toHaveLength(3);
  });
});
