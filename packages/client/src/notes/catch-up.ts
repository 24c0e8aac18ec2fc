// Bringing an open note level with a full note state (GET /v1/notes/{id}): adopt a
// rotated key, merge the snapshot when the document is behind it, then apply the
// updates above. Afterwards the document holds every version up to note.version.
// With a session, the state is first checked against what this device saw (issue 21:
// RollbackDetected, CompactionIncomplete) and its title and tags against the highest
// revision seen (issue 33, item 6: older-metadata); a refused state changes nothing.
import { type NoteMetadata, openEnvelope, type Sodium } from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { openWithKeys } from "../keys/open-with-keys";
import { openServedMetadata } from "../sync/not-opened";
import { isShared } from "../trust/key-handouts";
import { checkServedMetadata, recordTakenMetadata } from "../trust/served-metadata";
import {
  checkCompactionCovers,
  checkServedState,
  clocksOf,
  heldClocksOf,
  holdClocks,
  recordServedState,
  type SeenAtRequest,
} from "../trust/served-state";
import type { Session } from "../vault/session";
import { adoptContentKey, keysOf } from "./note-keys";
import { applyUpdatesAbove, type OpenNote, openSnapshot, REMOTE_ORIGIN } from "./open-state";

/** `asked`: what the device had seen when it asked for `state` (served-state.ts). */
export function catchUp(
  sodium: Sodium,
  note: OpenNote,
  state: NoteState,
  session?: Session,
  asked?: SeenAtRequest,
): void {
  let served: NoteMetadata | undefined;
  if (session) {
    checkServedState(sodium, session, state, asked);
    // Title and tags are judged before anything of the state is applied (issue 33, item 6).
    served = servedMetadataOf(sodium, session, note, state);
    if (served) checkServedMetadata(sodium, session, state, served, asked);
    adoptContentKey(sodium, session, note, state);
  }
  const { snapshot } = state;
  if (note.version < state.snapshotVersion && snapshot) {
    const shared = session ? isShared(session, state) : state.memberCount > 1;
    const opened = openSnapshot(sodium, session, note, shared, state);
    const reached = clocksOf(opened.value);
    for (const envelope of state.updates) {
      try {
        holdClocks(
          reached,
          openWithKeys(keysOf(note), (k) => openEnvelope(sodium, k, note.id, envelope)).value,
        );
      } catch {
        // Unreadable here: judged without it (it can only make the check stricter).
      }
    }
    checkCompactionCovers(note.id, note.heldClocks, reached, state.snapshotVersion);
    // Yjs merges idempotently, so local edits not yet appended survive the merge.
    Y.applyUpdate(note.doc, opened.value, REMOTE_ORIGIN);
    holdClocks(heldClocksOf(note), opened.value);
    if (opened.former) note.resealDue = true;
    note.version = state.snapshotVersion;
  }
  if (note.version >= state.snapshotVersion) applyUpdatesAbove(sodium, note, state, session);
  if (session) {
    recordServedState(sodium, session, state);
    if (served) recordTakenMetadata(sodium, session, state, note, served);
  }
}

/** The served title and tags, opened; undefined when absent or not opening here (judged later). */
function servedMetadataOf(
  sodium: Sodium,
  session: Session,
  note: OpenNote,
  state: NoteState,
): NoteMetadata | undefined {
  try {
    return openServedMetadata(sodium, session, note, state);
  } catch {
    return undefined;
  }
}
