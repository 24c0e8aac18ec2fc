// Ends links: erases the content and the owner's keys of links that no longer serve
// (or that the owner revokes) and takes their bytes out of the owner's usage, in the
// caller's transaction. A link whose content is already erased counts nothing, so ending
// twice releases nothing twice.
import { type Queryable, rows } from "@notes/db";
import { type SQL, sql } from "drizzle-orm";
import { chargeStorage } from "../notes/storage";

/**
 * Erases the links `which` selects (a condition on `share_links`), marking them revoked
 * when `revoke`; answers how many. Their bytes leave their owners' usage.
 */
export async function endLinks(tx: Queryable, which: SQL, revoke: boolean): Promise<number> {
  const ended = await rows<{ owner_id: string; released: string | number; n: string | number }>(
    tx,
    sql`with old as (
          select id, owner_id, bytes from share_links
          where ${which} and ${revoke ? sql`revoked_at is null` : sql`sealed is not null`}
          for update
        ), ended as (
          update share_links l set sealed = null, signature = null, owner_keys = null, bytes = 0
            ${revoke ? sql`, revoked_at = now()` : sql``}
          from old where l.id = old.id
          returning old.owner_id, old.bytes
        )
        select owner_id, coalesce(sum(bytes), 0) as released, count(*) as n
        from ended group by owner_id`,
  );
  let count = 0;
  for (const row of ended) {
    const released = Number(row.released);
    if (released > 0) await chargeStorage(tx, row.owner_id, -released);
    count += Number(row.n);
  }
  return count;
}

/** The condition for links that stopped serving on their own (expired or used up). */
export const runOut = sql`(sealed is not null and revoked_at is null and
  ((expires_at is not null and expires_at <= now()) or
   (max_views is not null and views >= max_views)))`;
