// A note opened in the app is held to its logged head, once a session (issue 33, item 12;
// @notes/client's holdToLoggedHead): a fresh device's first sync took every note without
// asking the log, so the first opening asks. A log ahead of what this device holds reads
// the note again; what the server then serves below the log is refused and worded in the
// banner (a `note-head` warning); what it serves at the log is cached like any change.
import { type ApiClient, holdToLoggedHead, type OpenNote, type Session } from "@notes/client";
import { loadSodium } from "@notes/crypto";
import type { LocalDb } from "./local-db";
import { cacheNotes } from "./note-cache";

export async function holdOpenedToLog(
  api: ApiClient,
  db: LocalDb,
  session: Session,
  note: OpenNote,
  memberCounts: Map<string, number>,
  changed: (id: string) => void,
): Promise<void> {
  try {
    const held = await holdToLoggedHead(await loadSodium(), api, session, note);
    if (held !== "caught-up") return;
    await cacheNotes(db, session, [note], memberCounts);
    changed(note.id);
  } catch {
    // A proof that does not verify: the log's checker has warned of it (the banner).
  }
}
