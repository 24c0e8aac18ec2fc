// A note deleted from this browser goes out signed (issue 33, item 3): after what the
// outbox holds for it, with this account's signature over the deletion, so the other
// members' devices (and this account's others) take it rather than set their copy
// aside. Offline, or on a passing refusal, it waits in the outbox with the version it
// was held at, and the outbox sends it signed (outbox.ts) once it can.
import { type ApiClient, deleteNote, isProblem, isTransient, type Session } from "@notes/client";
import type { LocalDb } from "./local-db";
import { type NotebookHost, reportBackgroundError } from "./notebook-host";
import { enqueue } from "./outbox";

/**
 * Sends the deletion of note `id` (at `version`, when this device held it; the SDK reads
 * the note again when it moved on). `flush` sends the outbox first, and again after a
 * deletion was queued. A refusal for good is shown through `host`, as the outbox's.
 */
export async function sendDeletion(
  api: ApiClient,
  db: LocalDb,
  session: Session,
  host: NotebookHost,
  note: { id: string; version?: number },
  flush: () => Promise<void>,
): Promise<void> {
  await flush();
  try {
    await deleteNote(api, session, note);
  } catch (error) {
    // Already gone: nothing to send.
    if (isProblem(error, "note-not-found") || isProblem(error, "note-deleted")) return;
    if (isProblem(error) && !isTransient(error) && error.status !== 401)
      return reportBackgroundError(host, error);
    await enqueue(db, {
      kind: "delete",
      noteId: note.id,
      ...(note.version !== undefined && { version: note.version }),
    });
    void flush();
  }
}
