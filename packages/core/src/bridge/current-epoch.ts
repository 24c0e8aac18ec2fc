// currentEpoch (interface.md §4.1): the epoch most members hold, counted over the
// accounts that have bridge access now. A tie goes to the newer epoch (the one
// whose first wrap is later), so a rotation wins as soon as it catches up. Epochs
// handed out as signed handouts (issue 33, item 1) come before unsigned ones, so once
// a member's client opens a signed epoch on a bridge from before, the others wait to
// be let in rather than each opening one of their own. Clients read this as a hint:
// they speak under the epoch they adopted from a verified handout, never this one.
import { type Queryable, rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { hasBridgeAccessSql } from "./access";

export async function currentEpoch(q: Queryable): Promise<string | undefined> {
  const [top] = await rows<{ epoch_id: string }>(
    q,
    sql`select k.epoch_id from bridge_keys k join accounts a on a.id = k.recipient_id
        where ${hasBridgeAccessSql}
        group by k.epoch_id
        order by bool_or(k.signature is not null) desc, count(*) desc,
                 min(k.created_at) desc, k.epoch_id
        limit 1`,
  );
  return top?.epoch_id;
}
