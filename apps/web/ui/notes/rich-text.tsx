"use client";
// The rich-text editor: TipTap (ProseMirror) bound to the note's Yjs document, in
// the XmlFragment "default" every client of contract.md reads. Local edits become
// Yjs updates, which the vault seals and queues; remote ones (sync, live room) merge
// in place. With an awareness, other people's cursors show, named and coloured.
import { CONTENT_FRAGMENT } from "@notes/client";
import Collaboration from "@tiptap/extension-collaboration";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { LiveCursors } from "../sharing/live-cursors";
import { CaretFromScreen } from "./caret-from-screen";
import { FormatToolbar } from "./format-toolbar";

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
        // Checklists: "[ ] " at the start of a line, the toolbar, or a click on a box.
        TaskList,
        TaskItem.configure({
          nested: true,
          a11y: { checkboxLabel: (node) => `Done: ${node.textContent || "empty item"}` },
        }),
        Collaboration.configure({ fragment: doc.getXmlFragment(CONTENT_FRAGMENT) }),
        LiveCursors.configure({ awareness }),
        CaretFromScreen,
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
      {!readOnly && editor && <FormatToolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
