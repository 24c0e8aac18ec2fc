// The claim (DELETE of a sealed link): the minted session becomes a full session
// of the account, labelled after the device that claimed it, and the sealed
// payload is dropped (it is no longer readable). Only a sealed, live link can be
// claimed, once.
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { sessionLabel } from "../shared/user-agent";
import type { Caller, RequestMeta } from "../types";
import { handshakeState, noSuchHandshake, readLink } from "./link-rows";

export async function claimDeviceLink(
  core: Core,
  caller: Caller,
  linkId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = linkId.toLowerCase();
  await core.db.transaction(async (tx) => {
    const [claimed] = await rows<{ session_id: string }>(
      tx,
      sql`update device_links set status = 'claimed', sealed = null, sealer_pub_key = null
          where id = ${id} and account_id = ${caller.accountId} and status = 'sealed'
            and expires_at > now()
          returning session_id`,
    );
    if (!claimed) {
      const link = await readLink(tx, id);
      if (!link || link.accountId !== caller.accountId) throw noSuchHandshake();
      throw handshakeState(
        link.expired ? "The device link has expired." : `The link is ${link.status}, not sealed.`,
      );
    }
    await tx.execute(
      sql`update sessions set limited = false, label = ${sessionLabel(meta.userAgent)},
                              last_used_at = now()
          where id = ${claimed.session_id}`,
    );
  });
}
