// The notes list as last shown, sealed (local-seal.ts) in IndexedDB: a reload shows
// it at once, before the cached notes themselves are opened one by one behind it. It
// is saved in the list's first order (newest edit first), so the sorted index a reload
// builds from it (note-index.ts) finds it sorted already.
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
  await db.put("meta", await sealLocalJson(key, notes), LIST_SNAPSHOT_KEY);
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

/** The index's items in the list's first order, the trash after (what `save` stores). */
export function inSavedOrder(index: NoteIndex): NoteListItem[] {
  return [...index.ordered("notes", "edited"), ...index.ordered("trash", "edited")];
}
