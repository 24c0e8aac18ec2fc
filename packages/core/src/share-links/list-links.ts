// The owner's links, newest first (one page): every note's, or one note's. Links that
// ran out since they were last looked at are erased first, so the usage shown with the
// list already counts them out.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { endLinks, runOut } from "./end-links";
import { LINK_COLUMNS, type LinkView, toLinkRow, toLinkView } from "./link-rows";

export async function listShareLinks(
  core: Core,
  caller: Caller,
  noteId?: string,
): Promise<{ links: LinkView[]; nextPageToken: "" }> {
  const found = await core.db.transaction(async (tx) => {
    await endLinks(tx, sql`owner_id = ${caller.accountId} and ${runOut}`, false);
    return rows<Record<string, unknown>>(
      tx,
      sql`select ${LINK_COLUMNS} from share_links l
          where l.owner_id = ${caller.accountId}
            ${noteId ? sql`and l.note_id = ${noteId.toLowerCase()}` : sql``}
          order by l.created_at desc, l.id`,
    );
  });
  return { links: found.map((r) => toLinkView(toLinkRow(r))), nextPageToken: "" };
}
