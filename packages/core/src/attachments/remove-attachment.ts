// Removes an attachment from its note (issue 36). Its bytes leave the owner's usage at
// once, unless a revision of the note was stored while it was complete: that revision
// may show it, so it is kept as `detached` (still counted, still readable by members)
// until the note itself is deleted. The server cannot see which revisions name which
// files; "a revision stored since the file was finished" is the rule it can apply.
// A live share link that shows it keeps it the same way (issue 37): a snapshot link
// keeps serving the images it was made with.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { lockNoteForWrite } from "../notes/note-access";
import { chargeStorage } from "../notes/storage";
import type { Caller } from "../types";
import { findAttachment, forgetChunks } from "./attachment-record";

export async function removeAttachment(
  core: Core,
  caller: Caller,
  noteId: string,
  attachmentId: string,
): Promise<void> {
  const id = attachmentId.toLowerCase();
  const gone = await core.db.transaction(async (tx) => {
    // The note's lock orders this against revisions being stored and the note's deletion.
    const note = await lockNoteForWrite(tx, noteId, caller.accountId, "writer");
    const row = await findAttachment(tx, noteId, id, true);
    if (row.state === "detached") return [];
    if (row.state === "complete") {
      const [kept] = await rows<{ referenced: boolean }>(
        tx,
        sql`select exists (select 1 from revisions r join attachments a on a.id = ${id}
                           where r.note_id = ${noteId} and r.created_at >= a.completed_at)
                or exists (select 1 from share_links l
                           where l.note_id = ${noteId} and l.sealed is not null
                             and ${id}::uuid = any(l.attachment_ids)) as referenced`,
      );
      if (kept?.referenced) {
        await tx.execute(sql`update attachments set state = 'detached' where id = ${id}`);
        return [];
      }
    }
    await tx.execute(sql`delete from attachments where id = ${id}`);
    await chargeStorage(tx, note.ownerId, -Number(row.bytes));
    return [{ id, chunkCount: row.chunk_count, store: row.store }];
  });
  await forgetChunks(core, gone);
}

/**
 * Deletes every attachment of a note inside the note's deletion; answers the bytes
 * released (the caller takes them off the owner's usage) and what to forget after commit.
 */
export async function dropNoteAttachments(
  tx: Parameters<Parameters<Core["db"]["transaction"]>[0]>[0],
  noteId: string,
): Promise<{
  bytes: number;
  gone: { id: string; chunkCount: number; store: "postgres" | "s3" }[];
}> {
  const dropped = await rows<{
    id: string;
    bytes: string | number;
    chunk_count: number;
    store: "postgres" | "s3";
  }>(
    tx,
    sql`delete from attachments where note_id = ${noteId} returning id, bytes, chunk_count, store`,
  );
  return {
    bytes: dropped.reduce((sum, d) => sum + Number(d.bytes), 0),
    gone: dropped.map((d) => ({ id: d.id, chunkCount: d.chunk_count, store: d.store })),
  };
}
