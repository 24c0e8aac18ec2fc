// The notes list as last shown, sealed (local-seal.ts) in IndexedDB: a reload shows
// it at once, before the cached notes themselves are opened one by one behind it. It
// is saved in the list's first order (newest edit first), so the sorted index a reload
// builds from it (note-index.ts) finds it sorted already. Beside it, its first screen
// (the first HEAD_ROWS rows): a reload shows that first and opens the whole list after,
// since at 100,000 notes the whole one takes ~300 ms to open (issue 35). Both are sealed
// under the same key; the first screen is an object, the whole list an array, so
// neither reads as the other. The time a snapshot covers is written in the same
// transaction as the snapshot, and read in the same one as the snapshot shown: read
// apart, a reload could take an older list with a newer tab's covers, and lose the
// notes cached between the two (as a second tab did, seeded typing journey, 2026-12-01).
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
  /**
   * What this list covers (LIST_COVERS_KEY), read with it; undefined when the save that
   * stored it was cut short before saying (it covers nothing).
   */
  covers: number | undefined;
}

/** What is saved beside `notes` (the list in saved order) as its first screen. */
export function headOf<T>(notes: readonly T[]): { rows: T[]; complete: boolean } {
  return { rows: notes.slice(0, HEAD_ROWS), complete: notes.length <= HEAD_ROWS };
}

/** A stored covers value, or undefined when none (or no number) is stored. */
function coversOf(stored: string | undefined): number | undefined {
  const covers = stored === undefined ? Number.NaN : Number(stored);
  return Number.isFinite(covers) ? covers : undefined;
}

/**
 * The entries a save writes, in one transaction (here and in the worker, protocol.ts):
 * the whole list, its first screen, and what they cover.
 */
export async function snapshotEntries(
  key: Uint8Array,
  notes: readonly unknown[],
  covers: number | undefined,
): Promise<[string, string][]> {
  const entries: [string, string][] = [
    [LIST_SNAPSHOT_KEY, await sealLocalJson(key, notes)],
    [LIST_HEAD_KEY, await sealLocalJson(key, headOf(notes))],
  ];
  if (covers !== undefined) entries.push([LIST_COVERS_KEY, String(covers)]);
  return entries;
}

/** Writes `entries` to the meta store in one transaction. */
export async function putMeta(db: LocalDb, entries: readonly [string, string][]): Promise<void> {
  const tx = db.transaction("meta", "readwrite");
  await Promise.all([...entries.map(([key, value]) => tx.store.put(value, key)), tx.done]);
}

/** The stored `key` (a sealed list) and what it covers, read in one transaction. */
async function readWithCovers(
  db: LocalDb,
  key: string,
): Promise<{ sealed: string | undefined; covers: number | undefined }> {
  const tx = db.transaction("meta", "readonly");
  const [sealed, covers] = await Promise.all([
    tx.store.get(key),
    tx.store.get(LIST_COVERS_KEY),
    tx.done,
  ]);
  return { sealed, covers: coversOf(covers) };
}

/** The whole saved list and what it covers; undefined when none was saved. */
async function readListSnapshot(
  db: LocalDb,
  session: Session,
): Promise<{ notes: NoteListItem[]; covers: number | undefined } | undefined> {
  const { sealed, covers } = await readWithCovers(db, LIST_SNAPSHOT_KEY);
  if (!sealed) return undefined;
  const notes = await openLocalJson(await localKey(session, "list"), sealed);
  return Array.isArray(notes) ? { notes: notes as NoteListItem[], covers } : undefined;
}

export async function loadListSnapshot(
  db: LocalDb,
  session: Session,
): Promise<NoteListItem[] | undefined> {
  return (await readListSnapshot(db, session))?.notes;
}

function indexOf(rows: readonly NoteListItem[]): NoteIndex {
  const index = new NoteIndex();
  index.apply(rows);
  index.ordered("notes", "edited");
  return index;
}

/** The saved list as a sorted index, its first order built; undefined when none was saved. */
export async function openSavedList(db: LocalDb, session: Session): Promise<NoteIndex | undefined> {
  const notes = await loadListSnapshot(db, session);
  return notes && indexOf(notes);
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
  const { sealed, covers } = await readWithCovers(db, LIST_HEAD_KEY);
  const head = sealed ? await openLocalJson(await localKey(session, "list"), sealed) : undefined;
  if (!isHead(head)) {
    const whole = await readListSnapshot(db, session);
    return whole && { index: indexOf(whole.notes), complete: true, covers: whole.covers };
  }
  return { index: indexOf(head.rows), complete: head.complete, covers };
}

/** The index's items in the list's first order, the trash after (what `save` stores). */
export function inSavedOrder(index: NoteIndex): NoteListItem[] {
  return [...index.ordered("notes", "edited"), ...index.ordered("trash", "edited")];
}
