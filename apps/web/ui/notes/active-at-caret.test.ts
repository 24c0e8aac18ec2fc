import { MARK, NODE } from "@notes/client";
import { getSchema, isActive } from "@tiptap/core";
import Highlight from "@tiptap/extension-highlight";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { describe, expect, it } from "vitest";
import { isActiveAt } from "./active-at-caret";

const schema = getSchema([
  StarterKit,
  TaskList,
  TaskItem.configure({ nested: true }),
  Highlight,
  TableKit,
]);

/** What the toolbar asks at every keystroke. */
const CHECKS: [string, Record<string, unknown>?][] = [
  [MARK.bold],
  [MARK.italic],
  [MARK.strike],
  [MARK.highlight],
  [NODE.heading, { level: 2 }],
  [NODE.heading, { level: 3 }],
  [NODE.blockquote],
  [NODE.codeBlock],
  [NODE.bulletList],
  [NODE.orderedList],
  [NODE.taskList],
  [NODE.table],
];

const text = (t: string, ...marks: string[]) => ({
  type: "text",
  text: t,
  ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}),
});
const para = (...content: object[]) => ({ type: "paragraph", content });
const cell = (type: string, t: string) => ({ type, content: [para(text(t, "bold"))] });

const note = schema.nodeFromJSON({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [text("Plan "), text("now", "italic")] },
    para(text("plain "), text("bold", "bold"), text("both", "bold", "italic"), text(" ")),
    { type: "heading", attrs: { level: 3 }, content: [text("Sub", "strike")] },
    { type: "blockquote", content: [para(text("quoted "), text("lit", "highlight"))] },
    { type: "codeBlock", content: [text("let x = 1")] },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [para(text("one"))] },
        {
          type: "listItem",
          content: [
            para(text("two")),
            {
              type: "orderedList",
              content: [{ type: "listItem", content: [para(text("inner", "bold"))] }],
            },
          ],
        },
      ],
    },
    {
      type: "taskList",
      content: [{ type: "taskItem", attrs: { checked: true }, content: [para(text("done"))] }],
    },
    {
      type: "table",
      content: [
        { type: "tableRow", content: [cell("tableHeader", "h1"), cell("tableHeader", "h2")] },
        { type: "tableRow", content: [cell("tableCell", "a"), cell("tableCell", "b")] },
      ],
    },
    para(),
  ],
});

function carets(): number[] {
  const at: number[] = [];
  for (let pos = 0; pos <= note.content.size; pos++)
    if (note.resolve(pos).parent.inlineContent) at.push(pos);
  return at;
}

describe("what applies at the caret, read off the caret", () => {
  it("answers as Tiptap's isActive at every caret in the note, for every toolbar check", () => {
    const positions = carets();
    expect(positions.length).toBe(80);
    for (const pos of positions) {
      const state = EditorState.create({ doc: note, selection: TextSelection.create(note, pos) });
      for (const [name, attrs] of CHECKS)
        expect(isActiveAt(state, name, attrs), `${name} at ${pos}`).toBe(
          isActive(state, name, attrs),
        );
    }
  });

  it("counts the marks stored for the next letter, as Tiptap does", () => {
    const pos = carets()[3] ?? 0;
    const state = EditorState.create({ doc: note, selection: TextSelection.create(note, pos) });
    const stored = state.apply(state.tr.setStoredMarks([schema.marks.highlight!.create()]));
    expect(isActiveAt(stored, MARK.highlight)).toBe(true);
    expect(isActiveAt(stored, MARK.highlight)).toBe(isActive(stored, MARK.highlight));
    expect(isActiveAt(stored, MARK.bold)).toBe(isActive(stored, MARK.bold));
  });

  it("asks Tiptap for a range, which it answers across the range", () => {
    const positions = carets();
    for (const [from, to] of [
      [positions[1], positions[12]],
      [positions[20], positions[60]],
    ] as [number, number][]) {
      const state = EditorState.create({
        doc: note,
        selection: TextSelection.create(note, from, to),
      });
      for (const [name, attrs] of CHECKS)
        expect(isActiveAt(state, name, attrs)).toBe(isActive(state, name, attrs));
    }
  });
});
