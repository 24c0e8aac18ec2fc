"use client";
// Above the list: the sort order, and the way into (and out of) the trash, with
// "Empty trash" there: the real DELETE of every note this account owns in it. The
// trash's count includes the notes set aside there (removed by the server, unconfirmed).
import { useState } from "react";
import { type NoteSort, type NoteView, SORT_LABELS } from "../../vault/note-order";
import type { NoteListItem } from "../../vault/vault-state";
import { useVault } from "../vault-context";
import { plural } from "../wording";

export interface ListControlsProps {
  view: NoteView;
  sort: NoteSort;
  trashed: readonly NoteListItem[];
  /** Notes set aside in the trash (set-aside-list.tsx): counted, never emptied here. */
  setAside?: number;
  onView(view: NoteView): void;
  onSort(sort: NoteSort): void;
}

export function ListControls(props: ListControlsProps) {
  const { view, sort, trashed, onView, onSort } = props;
  const inTrash = trashed.length + (props.setAside ?? 0);
  const { vault } = useVault();
  const [confirming, setConfirming] = useState(false);
  const owned = trashed.filter((n) => n.role === "owner");
  const empty = async () => {
    setConfirming(false);
    for (const note of owned) await vault.deleteNote(note.id);
  };
  if (view === "trash")
    return (
      <div className="list-controls">
        <button type="button" className="link" onClick={() => onView("notes")}>
          ← Back to notes
        </button>
        <h2 className="trash-heading">Trash</h2>
        {owned.length > 0 &&
          (confirming ? (
            <span className="row">
              Delete {plural(owned.length, "note")} for good?
              <button type="button" className="danger" onClick={() => void empty()}>
                Empty trash
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              Empty trash…
            </button>
          ))}
      </div>
    );
  return (
    <div className="list-controls">
      <span className="sort">
        {/* A label beside, not around: the options' text must not join the select's name. */}
        <label htmlFor="note-sort">Sort</label>
        <select id="note-sort" value={sort} onChange={(e) => onSort(e.target.value as NoteSort)}>
          {(Object.keys(SORT_LABELS) as NoteSort[]).map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
      </span>
      <button type="button" className="link" onClick={() => onView("trash")}>
        Trash{inTrash > 0 ? ` (${inTrash})` : ""}
      </button>
    </div>
  );
}
