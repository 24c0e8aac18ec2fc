// Opening one note from the server (GET /v1/notes/{id}) into a live document. A state
// older than this device saw of the note, or older title and tags, throws
// RollbackDetected (issue 21, attack 5; issue 33, item 6). A device that saw nothing of
// the note holds it against the head the key-transparency log holds instead (issue 33,
// item 12: a fresh device signed in by password or passkey), warned of as `note-head`.
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import {
  rememberLogged,
  seenOrLogged,
  warnLoggedRollback,
  withLoggedMetadata,
} from "../trust/head-log";
import { checkServedMetadata, recordTakenMetadata } from "../trust/served-metadata";
import { checkServedState, recordServedState, seenNow } from "../trust/served-state";
import type { Session } from "../vault/session";
import { keysOf } from "./note-keys";
import { type OpenNote, openState } from "./open-state";

export async function openNote(api: ApiClient, session: Session, id: string): Promise<OpenNote> {
  const sodium = await loadSodium();
  const seen = seenNow(session, id);
  const [from, state] = await Promise.all([
    seenOrLogged(sodium, api, session, id, seen),
    api.call("notes.get", { id }),
  ]);
  rememberLogged(session, from, id);
  try {
    checkServedState(sodium, session, state, from.seen);
    const note = openState(sodium, session, state);
    // Older title and tags than seen are refused here as a sync refuses them (issue 33, item 6).
    const asked = withLoggedMetadata(sodium, from, state.id, keysOf(note));
    checkServedMetadata(sodium, session, state, note.metadata, asked);
    recordServedState(sodium, session, state);
    recordTakenMetadata(sodium, session, state, note);
    return note;
  } catch (error) {
    warnLoggedRollback(api, from, error);
    throw error;
  }
}
