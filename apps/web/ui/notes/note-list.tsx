"use client";
// The notes list: every note by title with its date and tags, or, while a query is
// typed, the full-text results (titles, tags and text, searched in a worker) ranked,
// with the matches marked in the title and in a snippet of the text. Shared notes
// carry a "Shared" mark (an icon with that accessible name). Windowed
// (virtual-list.tsx): only the rows in view are asked of the sorted index
// (note-list-view.ts) and rendered, whatever the count (issue 35).
// Above it, the sort order and the way into the trash (list-controls.tsx); search
// looks in the view shown (the notes, or the trash). The trash also lists the notes
// the server removed without their owner's word (set-aside-list.tsx).
import { Pin } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { ListQuery, NoteListView } from "../../vault/note-list-view";
import type { NoteSort, NoteView } from "../../vault/note-order";
import { ALL_NOTES, type ListFilter, matchesFilter } from "../../vault/notebooks";
import type { SearchHit } from "../../vault/search/search-index";
import type { NoteListItem } from "../../vault/vault-state";
import { useVault, useVaultState } from "../vault-context";
import { ListControls } from "./list-controls";
import { Marked } from "./marked";
import { NOTE_DRAG_TYPE } from "./move-note";
import { listDate } from "./note-date";
import { RowPinButton } from "./note-flags";
import { searchStatus } from "./search-status";
import { SetAsideList } from "./set-aside-list";
import { step } from "./shortcuts";
import { useSearch } from "./use-search";
import { VirtualList } from "./virtual-list";

/** The fallback when search cannot run: titles and tags containing the query. */
export function matches(note: NoteListItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return note.title.toLowerCase().includes(q) || note.tags.some((t) => t.toLowerCase().includes(q));
}

/** Pixel height of one row: title, then date and tags (or the snippet). */
const ROW_HEIGHT = 58;

interface Row {
  note: NoteListItem;
  hit?: SearchHit;
}

/** The id `by` rows from the current one in the order shown (next/previous keys). */
export type StepShown = (current: string | undefined, by: 1 | -1) => string | undefined;

export function NoteList(props: {
  list: NoteListView;
  /** The notebook or tag picked in the sidebar; the trash is never filtered. */
  filter?: ListFilter;
  selected: string | undefined;
  onSelect(id: string): void;
  /** Changes received so far while the first sync runs; undefined once it is done. */
  fetching?: number | undefined;
  /** Receives how to step through the rows shown, for the next/previous shortcuts. */
  shown?: { current: StepShown };
}) {
  const { vault } = useVault();
  const [query, setQuery] = useState("");
  const [view, setView] = useState<NoteView>("notes");
  const [sort, setSort] = useState<NoteSort>("edited");
  const found = useSearch(vault, query);
  const setAside = useVaultState((s) => s.setAside?.length ?? 0);
  const filter = props.filter ?? ALL_NOTES;
  const { list } = props;
  const listed = useMemo((): ListQuery => ({ view, sort, filter }), [view, sort, filter]);
  const trashed = list.window({ view: "trash", sort }, 0, list.trashed);
  // While a query is typed, the rows are its hits (a bounded list), else the index's.
  const hits = useMemo((): Row[] | undefined => {
    if (!query.trim()) return undefined;
    const shows = (n: NoteListItem) =>
      (view === "trash") === (n.trashedAt !== undefined) &&
      (view === "trash" || matchesFilter(n, filter));
    if (!found || found.failed) {
      const all = list.window(listed, 0, list.count(listed));
      return all.filter((n) => matches(n, query)).map((note) => ({ note }));
    }
    return found.hits.flatMap((hit) => {
      const note = list.get(hit.id);
      return note && shows(note) ? [{ note, hit }] : [];
    });
  }, [list, listed, view, filter, query, found]);
  const count = hits ? hits.length : list.count(listed);
  const window = (from: number, to: number): readonly Row[] =>
    hits ? hits.slice(from, to) : list.window(listed, from, to).map((note) => ({ note }));
  const { shown } = props;
  useEffect(() => {
    if (!shown) return;
    shown.current = hits
      ? (current, by) =>
          step(
            hits.map((r) => r.note.id),
            current,
            by,
          )
      : (current, by) => list.step(listed, current, by);
  }, [shown, hits, list, listed]);
  const selectedAt = (() => {
    if (props.selected === undefined) return -1;
    if (hits) return hits.findIndex((r) => r.note.id === props.selected);
    return list.position(listed, props.selected);
  })();
  const searching = query.trim() !== "";
  return (
    <section
      className="list"
      aria-label="Notes"
      data-count={list.size}
      data-search-ms={found ? Math.round(found.tookMs) : undefined}
    >
      <input
        id="note-search"
        data-tour="note-search"
        type="search"
        aria-label="Search notes"
        placeholder="Search notes ( / )"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ListControls
        view={view}
        sort={sort}
        trashed={trashed}
        setAside={setAside}
        onView={setView}
        onSort={setSort}
      />
      {view === "trash" && !searching && <SetAsideList onOpen={props.onSelect} />}
      {props.fetching !== undefined && (
        <div className="list-progress" role="status">
          <progress aria-label="Fetching notes" />
          <span>Fetching notes… {props.fetching.toLocaleString()} received</span>
        </div>
      )}
      {searching && found && (
        <p className="muted list-found" role="status">
          {searchStatus(
            count,
            props.fetching !== undefined,
            // Only the best were sent: the worker's count, for all notes.
            found.total > found.hits.length ? found.total : count,
            found.capped,
          )}
        </p>
      )}
      {!searching &&
        count === 0 &&
        props.fetching === undefined &&
        !(view === "trash" && setAside > 0) && (
          <p className="muted empty-state">
            {view === "trash"
              ? "The trash is empty. Notes moved here stay until you empty it."
              : filter.kind !== "all"
                ? "No notes here. New note (or N) starts one here."
                : "No notes yet. Press New note (or N) to write your first; only you can read it."}
          </p>
        )}
      <VirtualList
        count={count}
        window={window}
        rowHeight={ROW_HEIGHT}
        keepInView={selectedAt}
        label={searching ? "Search results" : "Notes"}
        rowKey={(r) => r.note.id}
        row={({ note: n, hit }) => (
          <>
            <button
              type="button"
              className="note-item"
              aria-current={n.id === props.selected ? "true" : undefined}
              onClick={() => props.onSelect(n.id)}
              // Dragged onto a notebook in the sidebar, it moves there (notebook-nav.tsx);
              // "Move to notebook…" in the note's menu does the same from the keyboard.
              draggable={view === "notes"}
              onDragStart={(e) => {
                e.dataTransfer.setData(NOTE_DRAG_TYPE, n.id);
                e.dataTransfer.setData("text/plain", n.title || "Untitled");
                e.dataTransfer.effectAllowed = "move";
              }}
            >
              <span className="title" dir="auto">
                {hit ? (
                  <Marked text={n.title || "Untitled"} ranges={n.title ? hit.titleRanges : []} />
                ) : (
                  n.title || "Untitled"
                )}
                {n.pinned && (
                  <span className="pin-mark" role="img" aria-label="Pinned" title="Pinned">
                    {/* An inline icon, not the emoji: that drew as a box without an emoji font. */}
                    <Pin aria-hidden="true" focusable="false" size={14} strokeWidth={2.25} />
                  </span>
                )}
                {n.shared && <SharedMark />}
              </span>
              <span className="meta">
                {n.updatedAt && <time dateTime={n.updatedAt}>{listDate(n.updatedAt)}</time>}
                {hit?.snippet ? (
                  <span className="snippet" dir="auto">
                    <Marked text={hit.snippet} ranges={hit.snippetRanges} />
                  </span>
                ) : (
                  n.tags.length > 0 && (
                    <span className="tags" dir="auto">
                      {n.tags.map((t) => `#${t}`).join(" ")}
                    </span>
                  )
                )}
              </span>
            </button>
            {view === "notes" && (
              <RowPinButton id={n.id} title={n.title} pinned={n.pinned === true} />
            )}
          </>
        )}
      />
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
