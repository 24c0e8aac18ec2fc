// Opening one note from the server (GET /v1/notes/{id}) into a live document. A state
// older than this device saw of the note, or older title and tags, throws
// RollbackDetected (issue 21, attack 5; issue 33, item 6).
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { checkServedMetadata, recordTakenMetadata } from "../trust/served-metadata";
import { checkServedState, recordServedState, seenNow } from "../trust/served-state";
import type { Session } from "../vault/session";
import { type OpenNote, openState } from "./open-state";

export async function openNote(api: ApiClient, session: Session, id: string): Promise<OpenNote> {
  const asked = seenNow(session, id);
  const [sodium, state] = await Promise.all([loadSodium(), api.call("notes.get", { id })]);
  checkServedState(sodium, session, state, asked);
  const note = openState(sodium, session, state);
  // Older title and tags than seen are refused here as a sync refuses them (issue 33, item 6).
  checkServedMetadata(sodium, session, state, note.metadata, asked);
  recordServedState(sodium, session, state);
  recordTakenMetadata(sodium, session, state, note);
  return note;
}
