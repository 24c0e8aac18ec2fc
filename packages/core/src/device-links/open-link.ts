// Opens a device link (contract.md §3, §4): mints the new device's session,
// limited until the claim (it can do nothing but claim this link), and the
// handshake in `pending`, alive 10 minutes. Links that expired unclaimed take
// their minted sessions with them.
import { randomUUID } from "node:crypto";
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { openSession } from "../sessions/open-session";
import type { Caller, RequestMeta } from "../types";
import { LINK_MINUTES } from "./link-rows";

export interface OpenedLink {
  id: string;
  token: string;
  expiresAt: string;
  status: "pending";
}

export async function openDeviceLink(
  core: Core,
  caller: Caller,
  meta: RequestMeta,
): Promise<OpenedLink> {
  return core.db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from sessions where limited and id in (
            select session_id from device_links where expires_at <= now() and status <> 'claimed')`,
    );
    const { sessionId, token } = await openSession(tx, caller.accountId, {
      ...meta,
      userAgent: "",
    });
    await tx.execute(sql`update sessions set limited = true where id = ${sessionId}`);
    const id = randomUUID();
    const [row] = await rows<{ expires_at: Date | string }>(
      tx,
      sql`insert into device_links (id, account_id, session_id, status, expires_at)
          values (${id}, ${caller.accountId}, ${sessionId}, 'pending',
                  now() + make_interval(mins => ${LINK_MINUTES}))
          returning expires_at`,
    );
    return {
      id,
      token,
      expiresAt: new Date(row?.expires_at ?? 0).toISOString(),
      status: "pending" as const,
    };
  });
}
