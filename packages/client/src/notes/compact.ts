// Client-side compaction (contract.md §5): once 200 updates sit above the snapshot,
// replace it with a sealed full-state snapshot covering the current version.
import { loadSodium, sealEnvelope } from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteCoordinates } from "../api/types";
import { applyUpdatesAbove, type OpenNote } from "./open-state";

export const COMPACTION_THRESHOLD = 200;

/**
 * Compacts when due. The snapshot must hold every update it claims to cover, so when
 * the document may lack someone else's updates (`note.version` behind the server) the
 * note is fetched and merged first. A stale-compaction race is harmless: someone else
 * compacted, and the next append will try again.
 */
export async function compactIfDue(
  api: ApiClient,
  note: OpenNote,
  serverVersion: number,
): Promise<NoteCoordinates | undefined> {
  if (serverVersion - note.snapshotVersion < COMPACTION_THRESHOLD) return undefined;
  const sodium = await loadSodium();
  if (note.version < serverVersion) {
    const state = await api.call("notes.get", { id: note.id });
    if (note.version < state.snapshotVersion) return undefined;
    applyUpdatesAbove(sodium, note, state);
  }
  try {
    const coordinates = await api.call("notes.compact", {
      id: note.id,
      coversVersion: note.version,
      snapshot: sealEnvelope(sodium, note.cek, note.id, Y.encodeStateAsUpdate(note.doc)),
    });
    note.snapshotVersion = note.version;
    return coordinates;
  } catch (error) {
    if (isProblem(error, "stale-compaction")) return undefined;
    throw error;
  }
}
