// Leaving a note someone shared with you (POST /v1/notes/{id}:leave): your access ends
// at once and your next sync sees the note as a tombstone (a SyncEngine then drops it,
// keys included). The owner cannot leave: ApiProblem owner-cannot-leave (403); they
// delete the note instead (deleteNote).
import type { ApiClient } from "../api/client";

export async function leaveNote(api: ApiClient, noteId: string): Promise<void> {
  await api.call("notes.leave", { id: noteId });
}
