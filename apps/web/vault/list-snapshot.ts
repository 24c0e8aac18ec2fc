// The notes list as last shown, sealed (local-seal.ts) in IndexedDB: a reload shows
// it at once, before the cached notes themselves are opened one by one behind it.
import type { Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { localKey, openLocalJson, sealLocalJson } from "./local-seal";
import type { NoteListItem } from "./vault-state";

export const LIST_SNAPSHOT_KEY = "listSnapshot";

export async function saveListSnapshot(
  db: LocalDb,
  session: Session,
  notes: readonly NoteListItem[],
): Promise<void> {
  const key = await localKey(session, "list");
  await db.put("meta", await sealLocalJson(key, notes), LIST_SNAPSHOT_KEY);
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
