"use client";
// The notes list with instant search over the decrypted titles and tags; shared
// notes carry a "Shared" mark (an icon with that accessible name).
import { useEffect, useMemo, useRef, useState } from "react";
import { arrangeNotes, type NoteSort, type NoteView } from "../../vault/note-order";
import type { NoteListItem } from "../../vault/vault-state";
import { ListControls } from "./list-controls";

export function matches(note: NoteListItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return note.title.toLowerCase().includes(q) || note.tags.some((t) => t.toLowerCase().includes(q));
}

export function NoteList(props: {
  notes: NoteListItem[];
  selected: string | undefined;
  onSelect(id: string): void;
}) {
  const [query, setQuery] = useState("");
  const [view, setView] = useState<NoteView>("notes");
  const [sort, setSort] = useState<NoteSort>("edited");
  const search = useRef<HTMLInputElement>(null);
  // "/" jumps to search from anywhere outside a text field, as in many apps.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.key !== "/" || target.isContentEditable || /INPUT|TEXTAREA/.test(target.tagName))
        return;
      e.preventDefault();
      search.current?.focus();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  const shown = useMemo(
    () => arrangeNotes(props.notes, view, sort).filter((n) => matches(n, query)),
    [props.notes, view, sort, query],
  );
  const trashed = useMemo(() => arrangeNotes(props.notes, "trash", sort), [props.notes, sort]);
  return (
    <section className="list" aria-label="Notes">
      <input
        ref={search}
        data-tour="note-search"
        type="search"
        aria-label="Search notes"
        placeholder="Search titles and tags ( / )"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ListControls view={view} sort={sort} trashed={trashed} onView={setView} onSort={setSort} />
      {shown.length === 0 && (
        <p className="muted">
          {view === "trash"
            ? "The trash is empty."
            : props.notes.length === 0
              ? "No notes yet."
              : "No match."}
        </p>
      )}
      <ul>
        {shown.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              className="note-item"
              aria-current={n.id === props.selected ? "true" : undefined}
              onClick={() => props.onSelect(n.id)}
            >
              <span className="title">
                {n.title || "Untitled"}
                {n.pinned && (
                  <span className="pin-mark" role="img" aria-label="Pinned" title="Pinned">
                    📌
                  </span>
                )}
                {n.shared && <SharedMark />}
              </span>
              {n.tags.length > 0 && (
                <span className="tags">{n.tags.map((t) => `#${t}`).join(" ")}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SharedMark() {
  return (
    <span className="shared-mark" role="img" aria-label="Shared" title="Shared">
      <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="7" cy="7" r="3" fill="currentColor" />
        <circle cx="14" cy="8" r="2.5" fill="currentColor" />
        <path d="M1 17c0-3.3 2.7-5 6-5s6 1.7 6 5z" fill="currentColor" />
        <path d="M13.5 12c2.9 0 5.5 1.4 5.5 4.5h-4.6c0-1.8-.4-3.3-.9-4.5z" fill="currentColor" />
      </svg>
    </span>
  );
}
