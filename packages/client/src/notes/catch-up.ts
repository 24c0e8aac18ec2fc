// Bringing an open note level with a full note state (GET /v1/notes/{id}): adopt a
// rotated key, merge the snapshot when the document is behind it, then apply the
// updates above. Afterwards the document holds every version up to note.version.
import { openEnvelope, type Sodium } from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { openWithKeys } from "../keys/open-with-keys";
import type { Session } from "../vault/session";
import { adoptContentKey, keysOf } from "./note-keys";
import { applyUpdatesAbove, type OpenNote, REMOTE_ORIGIN } from "./open-state";

export function catchUp(sodium: Sodium, note: OpenNote, state: NoteState, session?: Session): void {
  if (session) adoptContentKey(sodium, session, note, state);
  const { snapshot } = state;
  if (note.version < state.snapshotVersion && snapshot) {
    const opened = openWithKeys(keysOf(note), (k) => openEnvelope(sodium, k, note.id, snapshot));
    // Yjs merges idempotently, so local edits not yet appended survive the merge.
    Y.applyUpdate(note.doc, opened.value, REMOTE_ORIGIN);
    if (opened.index > 0) note.resealDue = true;
    note.version = state.snapshotVersion;
  }
  if (note.version >= state.snapshotVersion) applyUpdatesAbove(sodium, note, state, session);
}
