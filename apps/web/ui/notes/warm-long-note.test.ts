// The change that warms a long note's editor must leave the note as it was: the same
// document, the same selection, and none when a plugin would append a change of its own.
import { getSchema } from "@tiptap/core";
import { EditorState, Plugin, TextSelection } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import { unchangingChange } from "./warm-long-note";

const schema = getSchema([StarterKit]);

function note(blocks: number, plugins: Plugin[] = []): EditorState {
  const content = Array.from({ length: blocks }, (_, i) =>
    i % 5 === 2
      ? { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: `part ${i}` }] }
      : { type: "paragraph", content: [{ type: "text", text: `line ${i} of the note` }] },
  );
  const doc = schema.nodeFromJSON({ type: "doc", content });
  return EditorState.create({ schema, doc, plugins });
}

describe("unchangingChange", () => {
  it("changes the document and leaves an equal one, the selection where it was", () => {
    const state = note(50);
    const caret = state.doc.content.size - 3;
    const at = state.apply(state.tr.setSelection(TextSelection.create(state.doc, caret)));
    const change = unchangingChange(at);
    expect(change).toBeDefined();
    expect(change?.transaction.docChanged).toBe(true);
    expect(change?.next.doc.eq(at.doc)).toBe(true);
    expect(change?.next.doc.toJSON()).toEqual(at.doc.toJSON());
    expect(change?.next.selection.eq(at.selection)).toBe(true);
  });

  it("keeps the marks the next letter would take", () => {
    const state = note(10);
    const bold = schema.marks.bold!.create();
    const armed = state.apply(state.tr.setStoredMarks([bold]));
    expect(unchangingChange(armed)?.next.storedMarks).toEqual([bold]);
    expect(unchangingChange(state)?.next.storedMarks).toBeNull();
  });

  it("keeps every block but the first as the same node, as a key typed does", () => {
    const state = note(20);
    const next = unchangingChange(state)?.next;
    for (let i = 1; i < state.doc.childCount; i++)
      expect(next?.doc.child(i)).toBe(state.doc.child(i));
  });

  it("makes none when a plugin appends a change of its own", () => {
    const appending = new Plugin({
      appendTransaction: (transactions, _old, state) =>
        transactions.some((t) => t.docChanged)
          ? state.tr.insert(state.doc.content.size, schema.nodes.paragraph!.create())
          : null,
    });
    expect(unchangingChange(note(10, [appending]))).toBeUndefined();
  });
});
