// Which notes a list shows and in what order: the trash or the rest, pinned notes
// first, then by last edit, creation or title. Pure, so the list stays a thin view.
import type { OpenNote } from "@notes/client";
import type { NoteListItem } from "./vault-state";

export type NoteSort = "edited" | "created" | "title";
export type NoteView = "notes" | "trash";

export const SORT_LABELS: Record<NoteSort, string> = {
  edited: "Last edited",
  created: "Date created",
  title: "Title",
};

/** The organising facts of a note that its list item carries. */
export function listFacts(
  note: Pick<OpenNote, "metadata" | "updatedAt"> | undefined,
): Pick<NoteListItem, "pinned" | "trashedAt" | "createdAt" | "updatedAt" | "notebook"> {
  if (!note) return {};
  const { pinned, trashedAt, createdAt, notebook } = note.metadata;
  return {
    ...(pinned && { pinned }),
    ...(notebook && { notebook: [...notebook] }),
    ...(trashedAt && { trashedAt }),
    ...(createdAt && { createdAt }),
    ...(note.updatedAt && { updatedAt: note.updatedAt }),
  };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Newest first; notes without the date go last, in a stable order. */
function byDate(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? 1 : -1;
}

function compare(sort: NoteSort): (a: NoteListItem, b: NoteListItem) => number {
  if (sort === "title")
    return (a, b) => collator.compare(a.title || "Untitled", b.title || "Untitled");
  if (sort === "created")
    return (a, b) => byDate(a.createdAt ?? a.updatedAt, b.createdAt ?? b.updatedAt);
  // A note just made here has no server date yet: its creation stands in, so it sits
  // under the pinned notes instead of at the bottom (where keeping it in view scrolled
  // the pinned ones out of sight, issue 38).
  return (a, b) => byDate(a.updatedAt ?? a.createdAt, b.updatedAt ?? b.createdAt);
}

/**
 * The order of one view: the trash by when notes went there, the rest pinned first,
 * then by `sort`. Ties go by id, so every note has one place (the sorted index finds a
 * row by binary search, note-index.ts).
 */
export function compareInView(
  view: NoteView,
  sort: NoteSort,
): (a: NoteListItem, b: NoteListItem) => number {
  const byId = (a: NoteListItem, b: NoteListItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (view === "trash") return (a, b) => byDate(a.trashedAt, b.trashedAt) || byId(a, b);
  const order = compare(sort);
  return (a, b) =>
    Number(b.pinned ?? false) - Number(a.pinned ?? false) || order(a, b) || byId(a, b);
}

export function arrangeNotes(
  notes: readonly NoteListItem[],
  view: NoteView,
  sort: NoteSort,
): NoteListItem[] {
  const inView = notes.filter((n) => (view === "trash") === (n.trashedAt !== undefined));
  return inView.sort(compareInView(view, sort));
}

export const trashCount = (notes: readonly NoteListItem[]) =>
  notes.filter((n) => n.trashedAt !== undefined).length;
