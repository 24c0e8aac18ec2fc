// Leaving a note someone shared with you (POST /v1/notes/{id}:leave): your access ends
// at once and your next sync sees the note as a tombstone (a SyncEngine then drops it,
// keys included). The owner cannot leave: ApiProblem owner-cannot-leave (403); they
// delete the note instead (deleteNote). With the session, this device takes the
// tombstone that follows as its own doing (issue 33: any other tombstone without the
// owner's signature sets the note aside instead of dropping it).
import type { ApiClient } from "../api/client";
import { expectDeparture } from "../trust/deletion-check";
import type { Session } from "../vault/session";

export async function leaveNote(api: ApiClient, noteId: string, session?: Session): Promise<void> {
  if (session) expectDeparture(session, noteId);
  await api.call("notes.leave", { id: noteId });
}
