"use client";
// The editor's formatting toolbar: icons in groups (marks, blocks, lists, then the less
// used: strikethrough, highlight, subheading; then table),
// each with its name for screen readers and as a tooltip, pressed while it applies at
// the caret. Inside a table one more group edits it (rows, columns, delete). One row,
// also on a phone (it scrolls sideways on a narrower screen), kept at the top of the
// note while the note scrolls. Each format also has its Markdown shortcut as typed:
// "**b**", "_i_", "~~s~~", "==h==", "## ", "### ", "> ", "```", "- ", "1. ", "[ ] ",
// and "| a | b |" then Enter.
import { MARK, NODE } from "@notes/client";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Code,
  Heading2,
  Heading3,
  Highlighter,
  Italic,
  List,
  ListChecks,
  ListOrdered,
  type LucideIcon,
  Paperclip,
  Quote,
  SquareMinus,
  Strikethrough,
  Table,
  Trash2,
} from "lucide-react";
import { isActiveAt } from "./active-at-caret";

interface Format {
  name: string;
  icon: LucideIcon;
  /** The shortcut, shown in the tooltip. */
  keys?: string;
  isActive(editor: Editor): boolean;
  apply(editor: Editor): void;
}

const chain = (editor: Editor) => editor.chain().focus();

const GROUPS: Format[][] = [
  [
    {
      name: "Bold",
      icon: Bold,
      keys: "Ctrl+B",
      isActive: (e) => isActiveAt(e.state, MARK.bold),
      apply: (e) => chain(e).toggleBold().run(),
    },
    {
      name: "Italic",
      icon: Italic,
      keys: "Ctrl+I",
      isActive: (e) => isActiveAt(e.state, MARK.italic),
      apply: (e) => chain(e).toggleItalic().run(),
    },
  ],
  [
    {
      name: "Heading",
      icon: Heading2,
      keys: "## ",
      isActive: (e) => isActiveAt(e.state, NODE.heading, { level: 2 }),
      apply: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    },
    {
      name: "Quote",
      icon: Quote,
      isActive: (e) => isActiveAt(e.state, NODE.blockquote),
      apply: (e) => chain(e).toggleBlockquote().run(),
    },
    {
      name: "Code",
      icon: Code,
      keys: "```",
      isActive: (e) => isActiveAt(e.state, NODE.codeBlock),
      apply: (e) => chain(e).toggleCodeBlock().run(),
    },
  ],
  [
    {
      name: "Bullets",
      icon: List,
      isActive: (e) => isActiveAt(e.state, NODE.bulletList),
      apply: (e) => chain(e).toggleBulletList().run(),
    },
    {
      name: "Numbered",
      icon: ListOrdered,
      isActive: (e) => isActiveAt(e.state, NODE.orderedList),
      apply: (e) => chain(e).toggleOrderedList().run(),
    },
    {
      name: "Checklist",
      icon: ListChecks,
      isActive: (e) => isActiveAt(e.state, NODE.taskList),
      apply: (e) => chain(e).toggleTaskList().run(),
    },
  ],
  // Less used: after the rest, so a phone shows the everyday ones first (the row
  // scrolls sideways for these).
  [
    {
      name: "Strikethrough",
      icon: Strikethrough,
      keys: "Ctrl+Shift+S",
      isActive: (e) => isActiveAt(e.state, MARK.strike),
      apply: (e) => chain(e).toggleStrike().run(),
    },
    {
      name: "Highlight",
      icon: Highlighter,
      keys: "Ctrl+Shift+H",
      isActive: (e) => isActiveAt(e.state, MARK.highlight),
      apply: (e) => chain(e).toggleHighlight().run(),
    },
    {
      name: "Subheading",
      icon: Heading3,
      keys: "### ",
      isActive: (e) => isActiveAt(e.state, NODE.heading, { level: 3 }),
      apply: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    {
      name: "Table",
      icon: Table,
      keys: "| a | b | and Enter",
      isActive: (e) => isActiveAt(e.state, NODE.table),
      apply: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
  ],
];

/** Shown while the caret is in a table: what changes its shape. */
const TABLE_TOOLS: Format[] = [
  {
    name: "Add row",
    icon: BetweenHorizontalEnd,
    isActive: () => false,
    apply: (e) => chain(e).addRowAfter().run(),
  },
  {
    name: "Add column",
    icon: BetweenVerticalEnd,
    isActive: () => false,
    apply: (e) => chain(e).addColumnAfter().run(),
  },
  {
    name: "Delete row",
    icon: SquareMinus,
    isActive: () => false,
    apply: (e) => chain(e).deleteRow().run(),
  },
  {
    name: "Delete table",
    icon: Trash2,
    isActive: () => false,
    apply: (e) => chain(e).deleteTable().run(),
  },
];

const FORMATS = GROUPS.flat();

export function FormatToolbar({ editor, onAttach }: { editor: Editor; onAttach?: () => void }) {
  // Which formats apply at the caret: a re-render only when one of them changes. Asked
  // at every transaction, so read off the caret (active-at-caret.ts), not the note.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => FORMATS.map((f) => (e && f.isActive(e) ? "1" : "0")).join(""),
  });
  const inTable = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? isActiveAt(e.state, NODE.table) : false),
  });
  let index = 0;
  const groups = inTable ? [...GROUPS, TABLE_TOOLS] : GROUPS;
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {groups.map((group) => (
        <div className="toolbar-group" key={group[0]?.name}>
          {group.map((format) => {
            const pressed = group === TABLE_TOOLS ? undefined : active?.[index++] === "1";
            const Icon = format.icon;
            return (
              <button
                key={format.name}
                type="button"
                className="icon-button"
                aria-label={format.name}
                aria-pressed={pressed}
                title={format.keys ? `${format.name} (${format.keys})` : format.name}
                onClick={() => format.apply(editor)}
                // A click keeps the focus (and the selection) in the text: TipTap gives
                // the focus back a frame later, and a key typed in between would land
                // on the button, where a single key is a shortcut ("K": previous note).
                onMouseDown={(event) => event.preventDefault()}
              >
                <Icon aria-hidden="true" size={18} strokeWidth={2.25} />
              </button>
            );
          })}
        </div>
      ))}
      {onAttach && (
        <div className="toolbar-group">
          <button
            type="button"
            className="icon-button"
            aria-label="Attach a file or image"
            title="Attach a file or image (or paste or drop one)"
            onClick={onAttach}
            onMouseDown={(event) => event.preventDefault()}
          >
            <Paperclip aria-hidden="true" size={18} strokeWidth={2.25} />
          </button>
        </div>
      )}
    </div>
  );
}
