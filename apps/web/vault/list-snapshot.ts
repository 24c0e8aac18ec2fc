// The notes list as last shown, sealed (local-seal.ts) in IndexedDB: a reload shows
// it at once, before the cached notes themselves are opened one by one behind it.
import type { Session } from "@notes/client";
import { utf8Decode, utf8Encode } from "@notes/crypto";
import type { LocalDb } from "./local-db";
import { localKey, openLocal, sealLocal } from "./local-seal";
import type { NoteListItem } from "./vault-state";

export const LIST_SNAPSHOT_KEY = "listSnapshot";

export async function saveListSnapshot(
  db: LocalDb,
  session: Session,
  notes: readonly NoteListItem[],
): Promise<void> {
  const key = await localKey(session, "list");
  await db.put("meta", await sealLocal(key, utf8Encode(JSON.stringify(notes))), LIST_SNAPSHOT_KEY);
}

export async function loadListSnapshot(
  db: LocalDb,
  session: Session,
): Promise<NoteListItem[] | undefined> {
  const sealed = await db.get("meta", LIST_SNAPSHOT_KEY);
  if (!sealed) return undefined;
  const bytes = await openLocal(await localKey(session, "list"), sealed);
  if (!bytes) return undefined;
  try {
    const notes = JSON.parse(utf8Decode(bytes)) as unknown;
    return Array.isArray(notes) ? (notes as NoteListItem[]) : undefined;
  } catch {
    return undefined;
  }
}
