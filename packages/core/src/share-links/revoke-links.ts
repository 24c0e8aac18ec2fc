// Revoking: the owner ends one link, every link, or every link of one note; deleting a
// note revokes its links in the deletion's transaction. A revoked link answers 410
// link-revoked from then on; its content and keys are erased at once and leave the
// owner's usage. Revoking again changes nothing. Another account's link is 404.
import type { Queryable } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { endLinks } from "./end-links";
import { linkNotFound, readLink } from "./link-rows";

export async function revokeShareLink(core: Core, caller: Caller, id: string): Promise<void> {
  await core.db.transaction(async (tx) => {
    const link = await readLink(tx, id, true);
    if (!link || link.ownerId !== caller.accountId) throw linkNotFound();
    await endLinks(tx, sql`id = ${id}`, true);
  });
}

/** Revokes the caller's live links (of one note, when given); answers how many. */
export function revokeAllShareLinks(
  core: Core,
  caller: Caller,
  noteId?: string,
): Promise<{ revoked: number }> {
  return core.db.transaction(async (tx) => ({
    revoked: await endLinks(
      tx,
      sql`owner_id = ${caller.accountId}
          ${noteId ? sql`and note_id = ${noteId.toLowerCase()}` : sql``}`,
      true,
    ),
  }));
}

/** In a note's deletion: its links end with it. */
export function revokeNoteLinks(tx: Queryable, noteId: string): Promise<number> {
  return endLinks(tx, sql`note_id = ${noteId}`, true);
}
