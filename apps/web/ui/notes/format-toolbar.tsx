"use client";
// The editor's formatting toolbar: icons in three groups (marks, blocks, lists), each
// with its name for screen readers and as a tooltip, pressed while it applies at the
// caret. One row, also on a phone (it scrolls sideways on a narrower screen), kept at
// the top of the note while the note scrolls.
import { MARK, NODE } from "@notes/client";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  Bold,
  Code,
  Heading2,
  Italic,
  List,
  ListChecks,
  ListOrdered,
  type LucideIcon,
  Quote,
} from "lucide-react";

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
      isActive: (e) => e.isActive(MARK.bold),
      apply: (e) => chain(e).toggleBold().run(),
    },
    {
      name: "Italic",
      icon: Italic,
      keys: "Ctrl+I",
      isActive: (e) => e.isActive(MARK.italic),
      apply: (e) => chain(e).toggleItalic().run(),
    },
  ],
  [
    {
      name: "Heading",
      icon: Heading2,
      isActive: (e) => e.isActive(NODE.heading),
      apply: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    },
    {
      name: "Quote",
      icon: Quote,
      isActive: (e) => e.isActive(NODE.blockquote),
      apply: (e) => chain(e).toggleBlockquote().run(),
    },
    {
      name: "Code",
      icon: Code,
      isActive: (e) => e.isActive(NODE.codeBlock),
      apply: (e) => chain(e).toggleCodeBlock().run(),
    },
  ],
  [
    {
      name: "Bullets",
      icon: List,
      isActive: (e) => e.isActive(NODE.bulletList),
      apply: (e) => chain(e).toggleBulletList().run(),
    },
    {
      name: "Numbered",
      icon: ListOrdered,
      isActive: (e) => e.isActive(NODE.orderedList),
      apply: (e) => chain(e).toggleOrderedList().run(),
    },
    {
      name: "Checklist",
      icon: ListChecks,
      isActive: (e) => e.isActive(NODE.taskList),
      apply: (e) => chain(e).toggleTaskList().run(),
    },
  ],
];

const FORMATS = GROUPS.flat();

export function FormatToolbar({ editor }: { editor: Editor }) {
  // Which formats apply at the caret: a re-render only when one of them changes.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => FORMATS.map((f) => (e && f.isActive(e) ? "1" : "0")).join(""),
  });
  let index = 0;
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {GROUPS.map((group) => (
        <div className="toolbar-group" key={group[0]?.name}>
          {group.map((format) => {
            const pressed = active?.[index++] === "1";
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
    </div>
  );
}
