// What the UI reads the notes list through (issue 35): a count and windows of rows of
// the sorted index (note-index.ts), one item by id, and the sidebar's facets. A new
// view is published with each change (React compares it); the UI never holds an array
// of every note, only the rows it draws.
import type { NoteIndex } from "./note-index";
import type { NoteSort, NoteView } from "./note-order";
import {
  ALL_NOTES,
  type ListFilter,
  type NotebookNode,
  sortedTags,
  treeOfPaths,
} from "./notebooks";
import type { NoteListItem } from "./vault-state";

/** Which rows, in which order. */
export interface ListQuery {
  view: NoteView;
  sort: NoteSort;
  filter?: ListFilter;
}

export interface ListFacets {
  /** Notes not in the trash. */
  live: number;
  notebooks: NotebookNode[];
  tags: Array<{ tag: string; count: number }>;
}

export class NoteListView {
  private facetsMemo: ListFacets | undefined;

  constructor(
    private readonly index: NoteIndex,
    /** The index's version this view was published at. */
    readonly version = index.version,
  ) {}

  /** Every note listed, the trash included. */
  get size(): number {
    return this.index.size;
  }

  /** Notes in the trash. */
  get trashed(): number {
    return this.index.trashed;
  }

  get(id: string): NoteListItem | undefined {
    return this.index.get(id);
  }

  count(query: ListQuery): number {
    return this.rowsOf(query).length;
  }

  /** Rows `from` up to (not including) `to` of the query's order: all the UI draws. */
  window(query: ListQuery, from: number, to: number): NoteListItem[] {
    return this.rowsOf(query).slice(Math.max(0, from), Math.max(0, to));
  }

  position(query: ListQuery, id: string): number {
    return this.index.position(query.view, query.sort, query.filter ?? ALL_NOTES, id);
  }

  /** The id `delta` rows from `id` in the query's order (the next/previous keys). */
  step(query: ListQuery, id: string | undefined, delta: number): string | undefined {
    const rows = this.rowsOf(query);
    if (rows.length === 0) return undefined;
    const at = id === undefined ? -1 : this.position(query, id);
    const next = at < 0 ? (delta > 0 ? 0 : rows.length - 1) : at + delta;
    return rows[Math.min(rows.length - 1, Math.max(0, next))]?.id;
  }

  /** Every item, in no particular order (the sealed snapshot, the link picker). */
  items(): NoteListItem[] {
    return [...this.index.values()];
  }

  /**
   * Notebooks and tags with their counts, once per view: from the counts the index
   * keeps as notes change, never a pass over every note.
   */
  facets(): ListFacets {
    this.facetsMemo ??= {
      live: this.index.size - this.index.trashed,
      notebooks: treeOfPaths(this.index.notebookCounts()),
      tags: sortedTags(this.index.tagCounts()),
    };
    return this.facetsMemo;
  }

  private rowsOf(query: ListQuery): readonly NoteListItem[] {
    return this.index.rows(query.view, query.sort, query.filter ?? ALL_NOTES);
  }
}
