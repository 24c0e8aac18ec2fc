import { getSchema } from "@tiptap/core";
import { EditorState } from "@tiptap/pm/state";
import type { DecorationSet } from "@tiptap/pm/view";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import { autoDirectionPlugin, TEXT_BLOCK_DIRECTION } from "./auto-direction";

const schema = getSchema([
  StarterKit.configure({ paragraph: TEXT_BLOCK_DIRECTION, heading: TEXT_BLOCK_DIRECTION }),
]);
const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = schema.nodeFromJSON({
  type: "doc",
  content: [
    paragraph("Hello"),
    paragraph("שלום עולם"),
    {
      type: "bulletList",
      content: [{ type: "listItem", content: [paragraph("مرحبا")] }],
    },
  ],
});

/** The node types carrying a direction, in document order. */
function directed(state: EditorState): string[] {
  const plugin = state.plugins[0];
  const set = plugin?.getState(state) as DecorationSet;
  return set
    .find()
    .sort((a, b) => a.from - b.from || b.to - a.to)
    .map((d) => state.doc.nodeAt(d.from)?.type.name ?? "?");
}

/** Each decoration's dir, in document order. */
function dirs(state: EditorState): string[] {
  const set = state.plugins[0]?.getState(state) as DecorationSet;
  return set
    .find()
    .sort((a, b) => a.from - b.from || b.to - a.to)
    .map((d) => String((d as unknown as { type: { attrs: { dir: string } } }).type.attrs.dir));
}

describe("auto direction", () => {
  const start = EditorState.create({ doc, plugins: [autoDirectionPlugin()] });

  it("marks lists and list items, never a text block or the document itself", () => {
    expect(directed(start)).toEqual(["bulletList", "listItem"]);
  });

  it("renders every paragraph and heading dir=auto, from the schema, not the document", () => {
    const dom = (node: ReturnType<typeof schema.text> | typeof doc) =>
      node.type.spec.toDOM?.(node as never) as unknown as [string, Record<string, string>];
    expect(dom(doc.child(0))[1]).toMatchObject({ dir: "auto" });
    const heading = schema.nodeFromJSON({
      type: "heading",
      attrs: { level: 2 },
      content: [{ type: "text", text: "כותרת" }],
    });
    expect(dom(heading)[1]).toMatchObject({ dir: "auto" });
  });

  it("keeps one mark per container through typing, splitting and deleting", () => {
    let state = start;
    state = state.apply(state.tr.insertText(" again", 6));
    state = state.apply(state.tr.split(3));
    expect(directed(state)).toEqual(["bulletList", "listItem"]);
    state = state.apply(state.tr.delete(0, state.doc.child(0).nodeSize));
    const fresh = EditorState.create({ doc: state.doc, plugins: [autoDirectionPlugin()] });
    expect(directed(state)).toEqual(directed(fresh));
  });

  it("gives a list and its items the direction of their text", () => {
    // dir="auto" would skip the item's paragraph (it has a dir of its own) and read ltr.
    expect(dirs(start)).toEqual(["rtl", "rtl"]);
  });

  it("leaves a note of paragraphs without a single decoration (typing stays linear)", () => {
    const long = schema.nodeFromJSON({
      type: "doc",
      content: Array.from({ length: 500 }, (_, i) => paragraph(`line ${i}`)),
    });
    const state = EditorState.create({ doc: long, plugins: [autoDirectionPlugin()] });
    expect(directed(state.apply(state.tr.insertText("x", 5)))).toEqual([]);
  });

  it("turns a list's direction as its first letter changes", () => {
    const english = schema.nodeFromJSON({
      type: "doc",
      content: [
        { type: "bulletList", content: [{ type: "listItem", content: [paragraph("1. milk")] }] },
      ],
    });
    let state = EditorState.create({ doc: english, plugins: [autoDirectionPlugin()] });
    expect(dirs(state)).toEqual(["ltr", "ltr"]);
    // "1. " then Hebrew before "milk": the first letter is now Hebrew.
    state = state.apply(state.tr.insertText("חלב ", 6));
    expect(dirs(state)).toEqual(["rtl", "rtl"]);
  });

  it("does not touch the document: the direction is never stored", () => {
    const state = start.apply(start.tr.insertText("x", 1));
    expect(JSON.stringify(state.doc.toJSON())).not.toContain("dir");
  });
});
