// Client-side compaction (contract.md §5): once 200 updates sit above the snapshot,
// replace it with a sealed full-state snapshot covering the current version. The same
// call re-seals stragglers (§9 rule 11): when some content opened only under a former
// content key, an owner or editor compacts at once, under the current key, metadata too.
import { loadSodium } from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteCoordinates } from "../api/types";
import { keyTransparencyFor } from "../trust/key-transparency";
import { seenHeadOf } from "../trust/seen-heads";
import { seenNow } from "../trust/served-state";
import type { Session } from "../vault/session";
import { catchUp } from "./catch-up";
import { wrapChanged } from "./note-keys";
import type { OpenNote } from "./open-state";
import { prepareToRead } from "./prepare-read";
import { sealNoteMetadata, sealSnapshot } from "./seal-content";

export const COMPACTION_THRESHOLD = 200;

/**
 * Compacts when due. The snapshot must hold every update it claims to cover, so when
 * the document may lack someone else's updates (`note.version` behind the server) the
 * note is fetched and merged first. A stale-compaction race is harmless: someone else
 * compacted, and the next append will try again. Pass `session` so a rotation the
 * fetch reveals is adopted; without it such a compaction is skipped rather than sealed
 * under a key the other members may no longer share.
 */
export async function compactIfDue(
  api: ApiClient,
  note: OpenNote,
  serverVersion: number,
  session?: Session,
): Promise<NoteCoordinates | undefined> {
  const reseal = note.resealDue === true && (note.role === "owner" || note.role === "editor");
  if (!reseal && serverVersion - note.snapshotVersion < COMPACTION_THRESHOLD) return undefined;
  try {
    return await compactNote(api, note, { session, fetch: note.version < serverVersion });
  } catch (error) {
    if (isProblem(error, "stale-compaction")) return undefined;
    throw error;
  }
}

export interface CompactNoteOptions {
  session?: Session | undefined;
  /** Fetch the latest state and merge it first, so the snapshot covers the newest version. */
  fetch: boolean;
}

/**
 * Seals the whole document under the current key as the new snapshot covering
 * note.version (plus the metadata when re-sealing). Answers undefined when a fetched
 * state shows a rotation this call cannot adopt (no session). Throws ApiProblem
 * (stale-compaction included) for the caller to judge.
 */
export async function compactNote(
  api: ApiClient,
  note: OpenNote,
  options: CompactNoteOptions,
): Promise<NoteCoordinates | undefined> {
  const sodium = await loadSodium();
  if (options.fetch) {
    const asked = options.session && seenNow(options.session, note.id);
    const state = await api.call("notes.get", { id: note.id });
    if (!options.session && wrapChanged(note, state)) return undefined;
    if (options.session) await prepareToRead(api, options.session, state, note);
    catchUp(sodium, note, state, options.session, asked);
  }
  const reseal = note.resealDue === true;
  const coversVersion = note.version;
  const body = {
    id: note.id,
    coversVersion,
    ...sealSnapshot(sodium, note, Y.encodeStateAsUpdate(note.doc)),
    ...(reseal &&
      sealNoteMetadata(sodium, note, note.metadata, seenHeadOf(keyTransparencyFor(api)))),
  };
  // Cleared before the call so an old-key update applied meanwhile sets it again.
  note.resealDue = false;
  try {
    const coordinates = await api.call("notes.compact", body);
    note.snapshotVersion = Math.max(note.snapshotVersion, coversVersion);
    return coordinates;
  } catch (error) {
    if (reseal) note.resealDue = true;
    throw error;
  }
}
