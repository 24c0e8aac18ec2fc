// The notes list as last shown, sealed (local-seal.ts) in IndexedDB: a reload shows
// it at once, before the cached notes themselves are opened one by one behind it. It
// is saved in the list's first order (newest edit first), so the sorted index a reload
// builds from it (note-index.ts) finds it sorted already. Beside it, its first screen
// (the first HEAD_ROWS rows): a reload shows that first and opens the whole list after,
// since at 100,000 notes the whole one takes ~300 ms to open (issue 35). Both are sealed
// under the same key; the first screen is an object, the whole list an array, so
// neither reads as the other.
import type { Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { localKey, openLocalJson, sealLocalJson } from "./local-seal";
import { NoteIndex } from "./note-index";
import type { NoteListItem } from "./vault-state";

export const LIST_SNAPSHOT_KEY = "listSnapshot";
/**
 * Beside the snapshot: the time (ms, this device's clock) up to which every cached note's
 * row is in it. A reload re-reads the notes cached since (note-cache.ts `cachedSince`).
 */
export const LIST_COVERS_KEY = "listSnapshotCovers";
export const LIST_HEAD_KEY = "listSnapshotHead";

/** Rows in the first screen: more than the tallest list shows before a scroll. */
export const HEAD_ROWS = 100;

/** The snapshot's first rows, and whether they are all of it. */
export interface SavedHead {
  rows: NoteListItem[];
  complete: boolean;
}

/** The list as a reload first shows it: the first screen's index, or the whole list's. */
export interface SavedList {
  index: NoteIndex;
  /** False: only the first screen; the rest comes from `openSavedList`. */
  complete: boolean;
}

/** What is saved beside `notes` (the list in saved order) as its first screen. */
export function headOf<T>(notes: readonly T[]): { rows: T[]; complete: boolean } {
  return { rows: notes.slice(0, HEAD_ROWS), complete: notes.length <= HEAD_ROWS };
}

/** When the snapshot was saved later than the rows it holds: what it surely covers. */
export async function snapshotCovers(db: LocalDb): Promise<number | undefined> {
  const covers = Number(await db.get("meta", LIST_COVERS_KEY));
  return Number.isFinite(covers) ? covers : undefined;
}

export async function saveListSnapshot(
  db: LocalDb,
  session: Session,
  notes: readonly NoteListItem[],
  covers: number,
): Promise<void> {
  const key = await localKey(session, "list");
  // The whole list before its first screen, and what it covers last (protocol.ts too).
  await db.put("meta", await sealLocalJson(key, notes), LIST_SNAPSHOT_KEY);
  await db.put("meta", await sealLocalJson(key, headOf(notes)), LIST_HEAD_KEY);
  await db.put("meta", String(covers), LIST_COVERS_KEY);
}

/** The snapshot stored last covers the cache up to `covers` too (its rows still stand). */
export async function saveListCovers(db: LocalDb, covers: number): Promise<void> {
  await db.put("meta", String(covers), LIST_COVERS_KEY);
}

export async function loadListSnapshot(
  db: LocalDb,
  session: Session,
): Promise<NoteListItem[] | undefined> {
  const sealed = await db.get("meta", LIST_SNAPSHOT_KEY);
  if (!sealed) return undefined;
  const notes = await openLocalJson(await localKey(session, "list"), sealed);
  return Array.isArray(notes) ? (notes as NoteListItem[]) : undefined;
}

/** The saved list as a sorted index, its first order built; undefined when none was saved. */
export async function openSavedList(db: LocalDb, session: Session): Promise<NoteIndex | undefined> {
  const notes = await loadListSnapshot(db, session);
  if (!notes) return undefined;
  const index = new NoteIndex();
  index.apply(notes);
  index.ordered("notes", "edited");
  return index;
}

function isHead(value: unknown): value is SavedHead {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const head = value as Partial<SavedHead>;
  return Array.isArray(head.rows) && typeof head.complete === "boolean";
}

/**
 * What a reload shows first: the saved first screen, or the whole list when none was
 * saved beside it (saved before first screens were); undefined when no list was saved.
 */
export async function openSavedHead(db: LocalDb, session: Session): Promise<SavedList | undefined> {
  const sealed = await db.get("meta", LIST_HEAD_KEY);
  const head = sealed ? await openLocalJson(await localKey(session, "list"), sealed) : undefined;
  if (!isHead(head)) {
    const index = await openSavedList(db, session);
    return index && { index, complete: true };
  }
  const index = new NoteIndex();
  index.apply(head.rows);
  index.ordered("notes", "edited");
  return { index, complete: head.complete };
}

/** The index's items in the list's first order, the trash after (what `save` stores). */
export function inSavedOrder(index: NoteIndex): NoteListItem[] {
  return [...index.ordered("notes", "edited"), ...index.ordered("trash", "edited")];
}
