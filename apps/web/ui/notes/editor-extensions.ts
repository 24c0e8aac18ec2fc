// The editor's extensions, in one place for the note's editor (rich-text.tsx) and the
// one built ahead of the first note (warm-editor.ts), so that warming runs the code the
// first note will.
import { CONTENT_FRAGMENT } from "@notes/client";
import type { Extensions } from "@tiptap/core";
import Collaboration from "@tiptap/extension-collaboration";
import Highlight from "@tiptap/extension-highlight";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { LiveCursors } from "../sharing/live-cursors";
import { AttachmentNode } from "./attachment-node";
import { AutoDirection, TEXT_BLOCK_DIRECTION } from "./auto-direction";
import { CaretFromScreen } from "./caret-from-screen";
import { LayoutWindow } from "./layout-window";
import { NoteLinkMarks } from "./note-link-marks";
import { NoteLinkPickerKeys } from "./note-link-picker";
import { TableShortcut } from "./table-shortcut";
import { WarmLongNote } from "./warm-long-note";

export interface EditorFor {
  /** The note's document: the editor edits its XmlFragment "default" (contract.md). */
  doc: Y.Doc;
  noteId: string;
  readOnly: boolean;
  awareness?: Awareness | undefined;
  /** The title a link to `id` shows; undefined when the reader cannot open that note. */
  titleOf(id: string): string | undefined;
  /** A link was followed. */
  onOpen(id: string): void;
}

export function editorExtensions(note: EditorFor): Extensions {
  return [
    // Yjs keeps the history; ProseMirror's own undo would fight it.
    // Paragraphs and headings lay out in their first letter's direction (auto-direction.ts).
    StarterKit.configure({
      undoRedo: false,
      paragraph: TEXT_BLOCK_DIRECTION,
      heading: TEXT_BLOCK_DIRECTION,
    }),
    // Checklists: "[ ] " at the start of a line, the toolbar, or a click on a box.
    TaskList,
    TaskItem.configure({
      nested: true,
      a11y: { checkboxLabel: (node) => `Done: ${node.textContent || "empty item"}` },
    }),
    // Highlight: the toolbar, Ctrl+Shift+H or "==text=="; tables: the toolbar or a
    // typed "| a | b |" line and Enter (table-shortcut.ts). Columns are not resizable:
    // widths are not Markdown's and would not survive an export.
    Highlight,
    TableKit.configure({ table: { resizable: false } }),
    TableShortcut,
    // Links to notes: "[[" picks one; each shows its note's current title.
    NoteLinkPickerKeys,
    NoteLinkMarks.configure({ titleOf: note.titleOf, onOpen: note.onOpen }),
    Collaboration.configure({ fragment: note.doc.getXmlFragment(CONTENT_FRAGMENT) }),
    LiveCursors.configure({ awareness: note.awareness }),
    CaretFromScreen,
    // Each block right-to-left or left-to-right by its own first letter.
    AutoDirection,
    // A long note lays out only the blocks around the caret (layout-window.ts), and its
    // first key runs compiled code (warm-long-note.ts).
    LayoutWindow,
    WarmLongNote,
    AttachmentNode.configure({ noteId: note.noteId }),
    Placeholder.configure({
      placeholder: note.readOnly ? "This note is empty." : "Start writing…",
    }),
  ];
}
