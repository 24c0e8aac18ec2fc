// The list's sorted index (issue 35): every note's list item by id, and, per order the
// list has asked for, the items sorted once and then kept sorted as notes change (a
// changed note's row is moved by binary search; a page of hundreds is merged in), so a
// change never re-sorts 100,000 items. The UI reads counts and windows of rows from it
// (note-list-view.ts), never the whole list.

import { compareInView, type NoteSort, type NoteView } from "./note-order";
import { type ListFilter, matchesFilter } from "./notebooks";
import type { NoteListItem } from "./vault-state";

/** Past this many changes at once, merging beats moving rows one at a time. */
const MERGE_FROM = 64;

type Compare = (a: NoteListItem, b: NoteListItem) => number;

interface Order {
  view: NoteView;
  compare: Compare;
  rows: NoteListItem[];
}

/** The rows of one filter over one order, kept until the index changes. */
interface Filtered {
  key: string;
  version: number;
  rows: NoteListItem[];
}

export class NoteIndex {
  private readonly items = new Map<string, NoteListItem>();
  private readonly orders = new Map<string, Order>();
  private filtered: Filtered | undefined;
  private trashedCount = 0;
  /** Notes not in the trash per tag, and per notebook path (JSON), kept as items change. */
  private readonly tags = new Map<string, number>();
  private readonly notebooks = new Map<string, number>();
  /** Moves on every change: views and caches compare it. */
  version = 0;

  get size(): number {
    return this.items.size;
  }

  get trashed(): number {
    return this.trashedCount;
  }

  get(id: string): NoteListItem | undefined {
    return this.items.get(id);
  }

  values(): IterableIterator<NoteListItem> {
    return this.items.values();
  }

  /** Puts each item in (new, or replacing the item of its id) and drops `removed`. */
  apply(changed: readonly NoteListItem[], removed: readonly string[] = []): void {
    const gone: NoteListItem[] = [];
    for (const id of removed) {
      const old = this.items.get(id);
      if (!old) continue;
      this.items.delete(id);
      gone.push(old);
    }
    // By id: an id given twice counts once, as its last item.
    const fresh = new Map<string, NoteListItem>();
    for (const item of changed) {
      const old = this.items.get(item.id);
      if (old === item) continue;
      if (old && !fresh.has(item.id)) gone.push(old);
      this.items.set(item.id, item);
      fresh.set(item.id, item);
    }
    const added = [...fresh.values()];
    if (gone.length + added.length === 0) return;
    for (const item of gone) this.count(item, -1);
    for (const item of added) this.count(item, 1);
    for (const order of this.orders.values()) update(order, gone, added);
    this.version++;
  }

  /** Notes not in the trash per tag (a tag no note carries may stay, at 0). */
  tagCounts(): ReadonlyMap<string, number> {
    return this.tags;
  }

  /** Notes not in the trash per notebook path, not counting nested ones. */
  *notebookCounts(): Generator<[string[], number]> {
    for (const [path, count] of this.notebooks) yield [JSON.parse(path) as string[], count];
  }

  private count(item: NoteListItem, by: 1 | -1): void {
    if (item.trashedAt !== undefined) {
      this.trashedCount += by;
      return;
    }
    for (const tag of new Set(item.tags)) this.tags.set(tag, (this.tags.get(tag) ?? 0) + by);
    if (!item.notebook) return;
    const path = JSON.stringify(item.notebook);
    const left = (this.notebooks.get(path) ?? 0) + by;
    if (left > 0) this.notebooks.set(path, left);
    else this.notebooks.delete(path);
  }

  /** The notes of `view` in `sort`, each once, sorted (built on first use). */
  ordered(view: NoteView, sort: NoteSort): readonly NoteListItem[] {
    const key = view === "trash" ? "trash" : `notes:${sort}`;
    let order = this.orders.get(key);
    if (!order) {
      const compare = compareInView(view, sort);
      const rows = [...this.items.values()].filter((n) => inView(view, n)).sort(compare);
      order = { view, compare, rows };
      this.orders.set(key, order);
    }
    return order.rows;
  }

  /** `ordered`, narrowed to a notebook or tag (the trash is never filtered). */
  rows(view: NoteView, sort: NoteSort, filter: ListFilter): readonly NoteListItem[] {
    const ordered = this.ordered(view, sort);
    if (view === "trash" || filter.kind === "all") return ordered;
    const key = `${view}:${sort}:${JSON.stringify(filter)}`;
    const cached = this.filtered;
    if (cached && cached.key === key && cached.version === this.version) return cached.rows;
    const rows = ordered.filter((n) => matchesFilter(n, filter));
    this.filtered = { key, version: this.version, rows };
    return rows;
  }

  /** Where the note is in `rows(view, sort, filter)`, or -1 (binary search unfiltered). */
  position(view: NoteView, sort: NoteSort, filter: ListFilter, id: string): number {
    const item = this.items.get(id);
    if (!item || !inView(view, item)) return -1;
    const rows = this.rows(view, sort, filter);
    if (view === "notes" && filter.kind !== "all") return rows.indexOf(item);
    const at = lowerBound(rows, item, compareInView(view, sort));
    return rows[at] === item ? at : -1;
  }
}

const inView = (view: NoteView, n: NoteListItem) =>
  (view === "trash") === (n.trashedAt !== undefined);

function update(order: Order, gone: readonly NoteListItem[], added: readonly NoteListItem[]): void {
  const { rows, compare, view } = order;
  const leaving = gone.filter((n) => inView(view, n));
  const coming = added.filter((n) => inView(view, n));
  if (leaving.length + coming.length < MERGE_FROM) {
    for (const item of leaving) {
      const at = lowerBound(rows, item, compare);
      if (rows[at] === item) rows.splice(at, 1);
    }
    for (const item of coming) rows.splice(lowerBound(rows, item, compare), 0, item);
    return;
  }
  const out = new Set(leaving);
  const kept = out.size > 0 ? rows.filter((n) => !out.has(n)) : rows;
  const merged = merge(kept, coming.sort(compare), compare);
  rows.length = 0;
  for (const item of merged) rows.push(item);
}

/** The first position whose row does not sort before `item`. */
function lowerBound(rows: readonly NoteListItem[], item: NoteListItem, compare: Compare): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(rows[mid] as NoteListItem, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function merge(a: readonly NoteListItem[], b: readonly NoteListItem[], compare: Compare) {
  const out: NoteListItem[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as NoteListItem;
    const y = b[j] as NoteListItem;
    if (compare(x, y) <= 0) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++] as NoteListItem);
  while (j < b.length) out.push(b[j++] as NoteListItem);
  return out;
}
