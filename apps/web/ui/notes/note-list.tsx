"use client";
// The notes list with instant search over the decrypted titles and tags.
import { useEffect, useMemo, useRef, useState } from "react";
import type { NoteListItem } from "../../vault/vault-state";

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
  const shown = useMemo(() => props.notes.filter((n) => matches(n, query)), [props.notes, query]);
  return (
    <section className="list" aria-label="Notes">
      <input
        ref={search}
        type="search"
        aria-label="Search notes"
        placeholder="Search titles and tags ( / )"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 && (
        <p className="muted">{props.notes.length === 0 ? "No notes yet." : "No match."}</p>
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
              <span className="title">{n.title || "Untitled"}</span>
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
