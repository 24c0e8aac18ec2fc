// Whether the account shares notes (issue 33, item 4): it holds a note with another
// member, or one it does not own. Its devices then pinned the people it shares with, so
// an empty pin set from the server is a lie, not a fresh start. Asked only when the
// server answers no pins at all: walks GET /v1/changes from the start without snapshots
// and stops at the first shared note (a new account answers one empty page).
import type { ApiClient } from "../api/client";

const PAGE_SIZE = 500;

export async function accountSharesNotes(api: ApiClient): Promise<boolean> {
  let pageToken: string | undefined;
  do {
    const page = await api.call("notes.changes", {
      pageSize: PAGE_SIZE,
      snapshots: "false",
      ...(pageToken && { pageToken }),
    });
    const shared = page.changes.some(
      (note) => !note.deleted && (note.memberCount > 1 || note.role !== "owner"),
    );
    if (shared) return true;
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return false;
}
