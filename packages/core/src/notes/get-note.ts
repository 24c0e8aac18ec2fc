import { sql } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { type NoteState, noteEtag, selectNoteRows, selectUpdates, toNoteState } from "./note-state";
import { noteNotFound } from "./refusals";

/**
 * One note's full state as the caller sees it. A deleted note, or one the caller
 * was removed from, is "not found" here (contract.md §11): tombstones travel only
 * in /v1/changes.
 */
export async function getNote(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<{ note: NoteState; etag: string }> {
  // One snapshot for the row and its updates, so a concurrent append or
  // compaction cannot make them disagree.
  return core.db.transaction(
    async (tx) => {
      const [row] = await selectNoteRows(
        tx,
        caller.accountId,
        sql`m.note_id = ${noteId.toLowerCase()}`,
        true,
      );
      if (!row || row.deleted || row.role === "revoked") throw noteNotFound();
      const updates = (await selectUpdates(tx, [row.id])).get(row.id) ?? [];
      const note = toNoteState(row, updates);
      return { note, etag: noteEtag(note) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
