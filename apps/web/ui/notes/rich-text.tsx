"use client";
// The rich-text editor: TipTap (ProseMirror) bound to the note's Yjs document, in
// the XmlFragment "default" every client of contract.md reads. Local edits become
// Yjs updates, which the vault seals and queues; remote ones (sync, live room) merge
// in place. With an awareness, other people's cursors show, named and coloured.
import { Fragment, Slice } from "@tiptap/pm/model";
import { NodeSelection, Selection, TextSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef } from "react";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import type { NoteListView } from "../../vault/note-list-view";
import { useVault } from "../vault-context";
import { ATTACHMENT_NODE, attachmentAttrs } from "./attachment-node";
import { editorExtensions } from "./editor-extensions";
import { FormatToolbar } from "./format-toolbar";
import { TITLES_CHANGED } from "./note-link-marks";
import { NoteLinkPicker } from "./note-link-picker";

/** Room kept around the caret when it is scrolled to, in px: the sticky toolbar above. */
const CARET_CLEARANCE = { top: 72, bottom: 24, left: 8, right: 8 };

/** The title a link to the note shows; undefined when the reader cannot open it. */
function openableTitle(list: NoteListView | undefined, id: string): string | undefined {
  const item = list?.get(id);
  return item && item.trashedAt === undefined ? item.title : undefined;
}

export function RichText({
  noteId,
  doc,
  readOnly,
  awareness,
  list,
  onOpenNote = () => undefined,
}: {
  noteId: string;
  doc: Y.Doc;
  readOnly: boolean;
  awareness?: Awareness | undefined;
  /**
   * The notes this reader can open: the "[[" picker's choices, links' current titles.
   * Read by id, never gathered whole (100,000 notes, issue 35).
   */
  list?: NoteListView | undefined;
  onOpenNote?(id: string): void;
}) {
  // The editor is made once per note; links read the latest titles through these.
  const shown = useRef(list);
  shown.current = list;
  /** Each linked note's title as the links show it (undefined: not one to open). */
  const decorated = useRef(new Map<string, string | undefined>());
  const titleOf = useRef((id: string) => {
    const title = openableTitle(shown.current, id);
    decorated.current.set(id, title);
    return title;
  });
  const opener = useRef(onOpenNote);
  opener.current = onOpenNote;
  const { vault } = useVault();
  const picker = useRef<HTMLInputElement>(null);
  /**
   * Files pasted, dropped or picked: each becomes an attachment block where the caret is
   * (or where it was dropped), and its upload starts; the block shows its progress.
   */
  const attach = (view: EditorView, files: readonly File[], at?: number): boolean => {
    if (readOnly || files.length === 0) return false;
    const type = view.state.schema.nodes[ATTACHMENT_NODE];
    if (!type) return false;
    const nodes = files.map((file) => {
      const id = crypto.randomUUID();
      void vault.attachments.upload(noteId, id, file);
      return type.create(attachmentAttrs(id, file));
    });
    const tr = view.state.tr;
    if (at !== undefined) tr.setSelection(TextSelection.near(tr.doc.resolve(at)));
    // One slice of closed blocks: ProseMirror splits the paragraph around it as needed.
    const blocks = new Slice(Fragment.from(nodes), 0, 0);
    // A selected block (an image just pasted stays selected) is never replaced by a
    // file: the new blocks go after it.
    const selected = tr.selection instanceof NodeSelection ? tr.selection.to : undefined;
    if (selected === undefined) tr.replaceSelection(blocks);
    else tr.replaceRange(selected, selected, blocks);
    // The caret goes on after the new blocks, so typing writes below them instead of
    // replacing the last one, which ProseMirror leaves selected.
    const end = selected === undefined ? tr.selection.to : tr.mapping.map(selected, 1);
    tr.setSelection(Selection.near(tr.doc.resolve(end), 1));
    view.dispatch(tr.scrollIntoView());
    return true;
  };
  const editor = useEditor(
    {
      extensions: editorExtensions({
        doc,
        noteId,
        readOnly,
        awareness,
        titleOf: (id) => titleOf.current(id),
        onOpen: (id) => opener.current(id),
      }),
      editable: !readOnly,
      immediatelyRender: false,
      editorProps: {
        // The caret scrolled to stays clear of the toolbar stuck over the note's top.
        scrollThreshold: CARET_CLEARANCE,
        scrollMargin: CARET_CLEARANCE,
        handlePaste: (view, event) => attach(view, Array.from(event.clipboardData?.files ?? [])),
        handleDrop: (view, event, _slice, moved) => {
          if (moved) return false;
          const files = Array.from(event.dataTransfer?.files ?? []);
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          return attach(view, files, at);
        },
        // Focusable even read-only: a click there keeps keys (and shortcuts) with it.
        attributes: {
          "aria-label": "Note text",
          role: "textbox",
          "aria-multiline": "true",
          tabindex: "0",
        },
      },
    },
    [doc, readOnly, awareness, noteId],
  );
  // Titles changed (a rename, a note shared or gone): the links show the new ones.
  // Only the notes this one links to are looked at, not every note listed.
  useEffect(() => {
    const changed = [...decorated.current].some(([id, title]) => openableTitle(list, id) !== title);
    if (!changed || !editor || editor.isDestroyed) return;
    decorated.current = new Map();
    editor.view.dispatch(editor.state.tr.setMeta(TITLES_CHANGED, true));
  }, [list, editor]);
  return (
    <div className="rich-text">
      {!readOnly && editor && (
        <FormatToolbar editor={editor} onAttach={() => picker.current?.click()} />
      )}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        aria-label="Attach files"
        data-testid="attach-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (editor) attach(editor.view, files);
          event.target.value = "";
        }}
      />
      <EditorContent editor={editor} />
      {!readOnly && editor && <NoteLinkPicker editor={editor} list={list} self={noteId} />}
    </div>
  );
}
