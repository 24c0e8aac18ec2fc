"use client";
// The "[[" picker (issue 38): typing "[[" in a note lists the other notes by title,
// narrowed by what follows; arrows move, Enter or a click links the note (by id:
// vault/note-links.ts) with its title as the text, Escape leaves the "[[" as typed.
import { type Editor, Extension } from "@tiptap/core";
import type { EditorState } from "@tiptap/pm/state";
import { useEditorState } from "@tiptap/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { noteLinkHref } from "../../vault/note-links";
import type { NoteListView } from "../../vault/note-list-view";
import type { NoteListItem } from "../../vault/vault-state";

export interface PickerQuery {
  query: string;
  from: number;
  to: number;
}

/** The "[[…" being typed before the caret, or undefined. Never in code. */
export function pickerQuery(state: EditorState): PickerQuery | undefined {
  const { $from, empty } = state.selection;
  if (!empty || !$from.parent.isTextblock || $from.parent.type.spec.code) return undefined;
  const start = Math.max(0, $from.parentOffset - 60);
  const before = $from.parent.textBetween(start, $from.parentOffset, undefined, "\ufffc");
  const match = /\[\[([^[\]\n\ufffc]{0,50})$/.exec(before);
  if (!match) return undefined;
  return { query: match[1] ?? "", from: $from.pos - match[0].length, to: $from.pos };
}

/** The notes offered for a query: titles containing it, not trashed, not this note. */
export function pickerChoices(
  notes: readonly NoteListItem[],
  query: string,
  self: string,
  limit = 8,
): NoteListItem[] {
  const q = query.trim().toLowerCase();
  return notes
    .filter((n) => n.id !== self && n.trashedAt === undefined)
    .filter((n) => (n.title || "Untitled").toLowerCase().includes(q))
    .sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""))
    .slice(0, limit);
}

interface PickerStorage {
  keys: ((key: string) => boolean) | null;
}

/** Hands the picker the keys it needs (arrows, Enter, Escape) while it is open. */
export const NoteLinkPickerKeys = Extension.create<unknown, PickerStorage>({
  name: "noteLinkPicker",
  priority: 1200,
  addStorage: () => ({ keys: null }),
  addKeyboardShortcuts() {
    const take = (key: string) => () => this.storage.keys?.(key) ?? false;
    return {
      ArrowDown: take("ArrowDown"),
      ArrowUp: take("ArrowUp"),
      Enter: take("Enter"),
      Tab: take("Enter"),
      Escape: take("Escape"),
    };
  },
});

export function NoteLinkPicker({
  editor,
  list,
  self,
}: {
  editor: Editor;
  list: NoteListView | undefined;
  self: string;
}) {
  const key = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const q = e ? pickerQuery(e.state) : undefined;
      return q ? JSON.stringify(q) : "";
    },
  });
  const found = useMemo(() => (key ? (JSON.parse(key) as PickerQuery) : undefined), [key]);
  const [dismissed, setDismissed] = useState<number>();
  // The highlighted choice, for the query it was moved in: a new query starts at the top.
  const [moved, setMoved] = useState({ query: "", index: 0 });
  const active = moved.query === found?.query ? moved.index : 0;
  const pick = useRef<(note: NoteListItem) => void>(undefined);
  const open = found !== undefined && found.from !== dismissed;
  // Every note is looked at only while the picker is open, once per query.
  const choices = useMemo(
    () => (found && list ? pickerChoices(list.items(), found.query, self) : []),
    [list, found, self],
  );
  useEffect(() => {
    const storage = (editor.storage as unknown as Record<string, PickerStorage>).noteLinkPicker;
    if (!storage) return;
    if (!open || !found) {
      storage.keys = null;
      return;
    }
    const choose = (note: NoteListItem | undefined) => {
      if (!note) return;
      editor
        .chain()
        .focus()
        .insertContentAt({ from: found.from, to: found.to }, [
          {
            type: "text",
            text: note.title || "Untitled",
            marks: [{ type: "link", attrs: { href: noteLinkHref(note.id) } }],
          },
          { type: "text", text: " " },
        ])
        .run();
    };
    storage.keys = (pressed) => {
      if (pressed === "Escape") setDismissed(found.from);
      else if (pressed === "ArrowDown")
        setMoved({ query: found.query, index: Math.min(active + 1, choices.length - 1) });
      else if (pressed === "ArrowUp")
        setMoved({ query: found.query, index: Math.max(active - 1, 0) });
      else if (pressed === "Enter") {
        if (choices.length === 0) return false;
        choose(choices[active]);
      }
      return true;
    };
    pick.current = choose;
    return () => {
      storage.keys = null;
    };
  }, [editor, open, found, choices, active]);
  if (!open || !found) return null;
  const at = editor.view.coordsAtPos(found.from);
  return (
    <div
      className="link-picker"
      role="listbox"
      aria-label="Link to a note"
      style={{ top: at.bottom + 4, left: at.left }}
    >
      {choices.length === 0 ? (
        <p className="muted">No note’s title has “{found.query}”</p>
      ) : (
        choices.map((note, i) => (
          // The keys stay with the text (arrows, Enter): a click picks too.
          <div
            key={note.id}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            dir="auto"
            onMouseDown={(e) => {
              e.preventDefault();
              pick.current?.(note);
            }}
          >
            {note.title || "Untitled"}
          </div>
        ))
      )}
    </div>
  );
}
