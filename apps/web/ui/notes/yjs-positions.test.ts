// The editor's Yjs binding maps a caret to a Yjs position several times a key (the
// binding's own change, the undo plugin, live cursors). The patch in
// patches/@tiptap__y-tiptap@3.0.9.patch starts that walk at the caret's top-level block
// when the caret comes resolved; these tests hold it to the whole walk's answers.
import { getSchema } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import {
  absolutePositionToRelativePosition,
  initProseMirrorDoc,
  prosemirrorJSONToYXmlFragment,
} from "@tiptap/y-tiptap";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";

const schema = getSchema([StarterKit]);
const text = (t: string) => ({ type: "text", text: t });

/** A note of `blocks` top-level blocks: paragraphs, headings and nested lists. */
function noteJson(blocks: number) {
  const content = Array.from({ length: blocks }, (_, i) => {
    if (i % 7 === 3)
      return {
        type: "bulletList",
        content: [
          { type: "listItem", content: [{ type: "paragraph", content: [text(`item ${i}`)] }] },
          {
            type: "listItem",
            content: [
              { type: "paragraph", content: [text("nested")] },
              {
                type: "bulletList",
                content: [{ type: "listItem", content: [{ type: "paragraph" }] }],
              },
            ],
          },
        ],
      };
    if (i % 5 === 0) return { type: "heading", attrs: { level: 2 }, content: [text(`Part ${i}`)] };
    if (i % 11 === 4) return { type: "paragraph" };
    return {
      type: "paragraph",
      content: [text(`line ${i} `), { ...text("bold"), marks: [{ type: "bold" }] }, text(" end")],
    };
  });
  return { type: "doc", content };
}

/** A bound note: its Yjs fragment (with deleted blocks among the live ones) and document. */
function boundNote(blocks: number) {
  const ydoc = new Y.Doc();
  const fragment = ydoc.getXmlFragment("content");
  prosemirrorJSONToYXmlFragment(schema, noteJson(blocks), fragment);
  // Tombstones between the live blocks, as editing leaves them.
  for (let i = blocks - 3; i > 0; i -= 9) fragment.delete(i, 1);
  const { doc, mapping } = initProseMirrorDoc(fragment, schema);
  return { ydoc, fragment, doc, mapping };
}

function countingGets<K, V>(map: Map<K, V>) {
  let gets = 0;
  const counted = new Proxy(map, {
    get(target, key) {
      if (key === "get")
        return (k: K) => {
          gets++;
          return target.get(k);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { counted, gets: () => gets };
}

function same(a: unknown, b: unknown): boolean {
  return Y.compareRelativePositions(a as Y.RelativePosition, b as Y.RelativePosition);
}

describe("a caret mapped to a Yjs position (the binding's patch)", () => {
  it("gives the whole walk's answer at every position of the note", () => {
    const { fragment, doc, mapping } = boundNote(120);
    for (let pos = 0; pos <= doc.content.size; pos++) {
      const walked = absolutePositionToRelativePosition(pos, fragment, mapping);
      const started = absolutePositionToRelativePosition(pos, fragment, mapping, doc.resolve(pos));
      expect(same(started, walked), `position ${pos}`).toBe(true);
    }
  });

  it("starts at the caret's block: a handful of look-ups at the end of a long note", () => {
    const { fragment, doc, mapping } = boundNote(3_000);
    const end = doc.content.size - 2;
    const walk = countingGets(mapping);
    absolutePositionToRelativePosition(end, fragment, walk.counted);
    const start = countingGets(mapping);
    absolutePositionToRelativePosition(end, fragment, start.counted, doc.resolve(end));
    expect(walk.gets()).toBeGreaterThan(2_500);
    expect(start.gets()).toBeLessThan(10);
  });

  it("walks the whole note when the document and the mapping disagree", () => {
    const { fragment, doc, mapping } = boundNote(60);
    // A remote change the editor has not rendered yet: a block inserted at the top.
    const inserted = new Y.XmlElement("paragraph");
    inserted.insert(0, [new Y.XmlText("from elsewhere")]);
    fragment.insert(0, [inserted]);
    // `doc` is now stale: the editor has not rendered the block.
    for (const pos of [5, 200, doc.content.size - 1]) {
      const walk = countingGets(mapping);
      const walked = absolutePositionToRelativePosition(pos, fragment, walk.counted);
      const start = countingGets(mapping);
      const started = absolutePositionToRelativePosition(
        pos,
        fragment,
        start.counted,
        doc.resolve(pos),
      );
      expect(same(started, walked), `position ${pos}`).toBe(true);
      // Only the check that found the block held as another node, then the whole walk.
      expect(start.gets()).toBe(walk.gets() + 1);
    }
  });
});
