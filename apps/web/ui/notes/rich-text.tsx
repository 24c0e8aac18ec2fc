"use client";
// The rich-text editor: TipTap (ProseMirror) bound to the note's Yjs document, in
// the XmlFragment "default" every client of contract.md reads. Local edits become
// Yjs updates, which the vault seals and queues; remote ones (sync, live room) merge
// in place. With an awareness, other people's cursors show, named and coloured.
import { CONTENT_FRAGMENT } from "@notes/client";
import Collaboration from "@tiptap/extension-collaboration";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { LiveCursors } from "../sharing/live-cursors";

export function RichText({
  doc,
  readOnly,
  awareness,
}: {
  doc: Y.Doc;
  readOnly: boolean;
  awareness?: Awareness | undefined;
}) {
  const editor = useEditor(
    {
      extensions: [
        // Yjs keeps the history; ProseMirror's own undo would fight it.
        StarterKit.configure({ undoRedo: false }),
        Collaboration.configure({ fragment: doc.getXmlFragment(CONTENT_FRAGMENT) }),
        LiveCursors.configure({ awareness }),
        Placeholder.configure({ placeholder: readOnly ? "This note is empty." : "Start writing…" }),
      ],
      editable: !readOnly,
      immediatelyRender: false,
      editorProps: {
        // Focusable even read-only: a click there keeps keys (and shortcuts) with it.
        attributes: {
          "aria-label": "Note text",
          role: "textbox",
          "aria-multiline": "true",
          tabindex: "0",
        },
      },
    },
    [doc, readOnly, awareness],
  );
  return (
    <div className="rich-text">
      {!readOnly && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

type Editor = ReturnType<typeof useEditor>;

function Toolbar({ editor }: { editor: Editor | null }) {
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const buttons: [string, () => void][] = [
    ["Bold", () => chain().toggleBold().run()],
    ["Italic", () => chain().toggleItalic().run()],
    ["Heading", () => chain().toggleHeading({ level: 2 }).run()],
    ["Bullets", () => chain().toggleBulletList().run()],
    ["Numbered", () => chain().toggleOrderedList().run()],
    ["Quote", () => chain().toggleBlockquote().run()],
    ["Code", () => chain().toggleCodeBlock().run()],
  ];
  return (
    <div className="toolbar" role="toolbar" aria-label="Formatting">
      {buttons.map(([label, act]) => (
        <button
          key={label}
          type="button"
          onClick={act}
          // A click keeps the focus (and the selection) in the text: TipTap gives the
          // focus back a frame later, and a key typed in between would land on the
          // button, where a single key is a shortcut ("K": previous note).
          onMouseDown={(event) => event.preventDefault()}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
