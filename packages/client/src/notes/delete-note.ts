// Deleting a note tombstones it for every member (owner only).
import type { ApiClient } from "../api/client";

export async function deleteNote(api: ApiClient, id: string): Promise<void> {
  await api.call("notes.remove", { id });
}
