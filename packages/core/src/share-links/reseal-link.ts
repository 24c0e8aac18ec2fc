// A following link's new content (owner only): the server cannot re-seal a note it
// cannot read, so the owner's client seals the note again after an edit and replaces
// what the link serves, signed anew. A snapshot link keeps what it was made with
// (409 link-not-following); an ended link answers its 410. The usage moves by the
// difference in bytes.
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { byteLength, chargeStorage } from "../notes/storage";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { requireNoteAttachments } from "./link-attachments";
import { linkGone, linkNotFound, linkState, readLink } from "./link-rows";

export async function resealShareLink(
  core: Core,
  caller: Caller,
  id: string,
  content: {
    sealed: Uint8Array;
    signature: Uint8Array;
    /** The note's attachments the new content shows; absent: none. */
    attachmentIds?: readonly string[] | undefined;
  },
): Promise<void> {
  requireCallerSigned(caller.accountId, [["/signature", content.signature]]);
  await core.db.transaction(async (tx) => {
    const link = await readLink(tx, id, true);
    if (!link || link.ownerId !== caller.accountId) throw linkNotFound();
    const state = linkState(link);
    if (state !== "live") throw linkGone(state);
    if (link.mode !== "follow") {
      throw new DomainError(
        "link-not-following",
        "A snapshot link serves what it was made with; make a new link for newer content.",
      );
    }
    const attachmentIds = await requireNoteAttachments(tx, link.noteId, content.attachmentIds);
    const bytes = byteLength(content.sealed, link.ownerKeys);
    await chargeStorage(tx, caller.accountId, bytes - link.bytes);
    await tx.execute(
      sql`update share_links set sealed = ${Buffer.from(content.sealed)},
            signature = ${Buffer.from(content.signature)}, bytes = ${bytes}, sealed_at = now(),
            attachment_ids = string_to_array(${attachmentIds.join(",")}, ',')::uuid[]
          where id = ${id}`,
    );
  });
}
