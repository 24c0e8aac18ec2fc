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
  note: OpenNote | undefined,
): Pick<NoteListItem, "pinned" | "trashedAt" | "createdAt" | "updatedAt"> {
  if (!note) return {};
  const { pinned, trashedAt, createdAt } = note.metadata;
  return {
    ...(pinned && { pinned }),
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
  return (a, b) => byDate(a.updatedAt, b.updatedAt);
}

export function arrangeNotes(
  notes: readonly NoteListItem[],
  view: NoteView,
  sort: NoteSort,
): NoteListItem[] {
  const inView = notes.filter((n) => (view === "trash") === (n.trashedAt !== undefined));
  if (view === "trash") return inView.sort((a, b) => byDate(a.trashedAt, b.trashedAt));
  const order = compare(sort);
  return inView.sort(
    (a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || order(a, b),
  );
}

export const trashCount = (notes: readonly NoteListItem[]) =>
  notes.filter((n) => n.trashedAt !== undefined).length;
