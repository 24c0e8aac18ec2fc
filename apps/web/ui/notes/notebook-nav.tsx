"use client";
// The sidebar's notebooks and tags (issue 38): every notebook, nested, with how many
// notes it holds (nested ones included), and every tag with its count; picking one
// filters the list, "All notes" shows everything again. Folded into one line ("All
// notes ▸") until opened, so the list keeps the height on a phone; open on a desk.
// A note's row dropped on a notebook moves the note there, and a status line says so
// (the keyboard's way is "Move to notebook…" in the note's menu, which stays).
import { BookOpen, Hash, Notebook } from "lucide-react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import type { NoteListView } from "../../vault/note-list-view";
import { type ListFilter, type NotebookNode, notebookLabel } from "../../vault/notebooks";
import { NOTE_DRAG_TYPE } from "./move-note";

export function filterLabel(filter: ListFilter): string {
  if (filter.kind === "notebook") return notebookLabel(filter.path);
  if (filter.kind === "tag") return `#${filter.tag}`;
  return "All notes";
}

const same = (a: ListFilter, b: ListFilter) => JSON.stringify(a) === JSON.stringify(b);

export function NotebookNav({
  list,
  filter,
  onFilter,
  onMove,
}: {
  list: NoteListView;
  filter: ListFilter;
  onFilter(filter: ListFilter): void;
  /** Moves a dropped note into a notebook; answers its title (undefined: it is gone). */
  onMove(noteId: string, path: readonly string[]): Promise<string | undefined>;
}) {
  // Worked out once per list published (note-list-view.ts), not per render.
  const { live, notebooks: tree, tags } = list.facets();
  const details = useRef<HTMLDetailsElement>(null);
  // Open on a wide screen; folded on a phone, where the list needs the room.
  useEffect(() => {
    if (details.current && window.matchMedia("(min-width: 40rem)").matches)
      details.current.open = true;
  }, []);
  // The notebook a dragged note is over (as JSON), and what the last drop did.
  const [over, setOver] = useState<string>();
  const [moved, setMoved] = useState("");
  const carriesNote = (e: DragEvent) => e.dataTransfer.types.includes(NOTE_DRAG_TYPE);
  const dropTarget = (path: readonly string[]) => ({
    onDragOver: (e: DragEvent) => {
      if (!carriesNote(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      setOver(JSON.stringify(path));
    },
    onDragLeave: () => setOver(undefined),
    onDrop: (e: DragEvent) => {
      const id = e.dataTransfer.getData(NOTE_DRAG_TYPE);
      setOver(undefined);
      if (!id) return;
      e.preventDefault();
      void onMove(id, path).then((title) => {
        if (title !== undefined)
          setMoved(`Moved “${title || "Untitled"}” to ${notebookLabel(path)}.`);
      });
    },
  });
  const entry = (
    target: ListFilter,
    label: string,
    count: number,
    icon: React.ReactNode,
    path?: readonly string[],
  ) => (
    <button
      type="button"
      className="organise-entry"
      aria-current={same(filter, target) ? "true" : undefined}
      data-drop-over={path && over === JSON.stringify(path) ? "true" : undefined}
      onClick={() => onFilter(target)}
      {...(path && dropTarget(path))}
    >
      {icon}
      <span className="organise-name" dir="auto">
        {label}
      </span>
      {/* Read as "Travel, 2 notes"; seen as the name and a quiet number. */}
      <span className="organise-count">
        <span className="visually-hidden">, </span>
        {count}
        <span className="visually-hidden"> {count === 1 ? "note" : "notes"}</span>
      </span>
    </button>
  );
  const branch = (nodes: readonly NotebookNode[]) => (
    <ul>
      {nodes.map((node) => (
        <li key={node.name}>
          {entry(
            { kind: "notebook", path: node.path },
            node.name,
            node.count,
            <Notebook aria-hidden="true" size={15} />,
            node.path,
          )}
          {node.children.length > 0 && branch(node.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <details className="organise" ref={details}>
      <summary>
        Notebooks and tags <span className="muted">· {filterLabel(filter)}</span>
      </summary>
      <nav aria-label="Notebooks and tags">
        {entry(ALL, "All notes", live, <BookOpen aria-hidden="true" size={15} />)}
        <h2 className="organise-heading">Notebooks</h2>
        {tree.length > 0 ? (
          branch(tree)
        ) : (
          <p className="muted organise-empty">
            None yet: “Move to notebook…” in a note's ⋯ menu makes one.
          </p>
        )}
        {tree.length > 0 && (
          <p className="muted organise-hint">Drag a note onto a notebook to move it there.</p>
        )}
        <p className="visually-hidden" role="status">
          {moved}
        </p>
        {tags.length > 0 && (
          <>
            <h2 className="organise-heading">Tags</h2>
            <ul>
              {tags.map(({ tag, count }) => (
                <li key={tag}>
                  {entry({ kind: "tag", tag }, tag, count, <Hash aria-hidden="true" size={15} />)}
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
    </details>
  );
}

const ALL: ListFilter = { kind: "all" };
