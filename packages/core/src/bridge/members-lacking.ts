// Who still needs the key of an epoch: members with bridge access and a sharing
// public key that hold no wrap of it. A member's client seals the key to them
// (the newcomer handshake, and every member after a rotation). Neither spec names
// this read; a client cannot find the newcomers without it.
import { rows } from "@notes/db";
import type { LookupProofJson } from "@notes/keytrans";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { withLookupProofs } from "../key-transparency/read";
import { toBase64 } from "../shared/base64";
import type { Caller } from "../types";
import { hasBridgeAccessSql, requireBridgeAccess } from "./access";

/** At most this many per answer; sealing to them takes them off the next answer. */
export const LACKING_PAGE = 100;

export interface BridgeRecipient {
  userId: string;
  publicKey: string;
  /** The member's signing public key (issue 21, signed content), once set. */
  signingPublicKey?: string;
  /** The member's handle, when it has one: members are let in by name (issue 33, item 2). */
  handle?: string;
}

export async function membersLacking(
  core: Core,
  caller: Caller,
  epochId: string,
): Promise<(BridgeRecipient & { keyTransparency?: LookupProofJson })[]> {
  await requireBridgeAccess(core.db, caller.accountId);
  const found = await rows<{
    id: string;
    public_key: Uint8Array;
    signing_public_key: Uint8Array | null;
    handle: string | null;
  }>(
    core.db,
    sql`select a.id, a.public_key, a.signing_public_key, a.handle from accounts a
        where ${hasBridgeAccessSql} and a.public_key is not null
          and not exists (select 1 from bridge_keys k
                          where k.recipient_id = a.id and k.epoch_id = ${epochId})
        order by a.created_at desc, a.id
        limit ${LACKING_PAGE}`,
  );
  const members = found.map((r) => ({
    userId: r.id,
    publicKey: toBase64(new Uint8Array(r.public_key)),
    ...(r.signing_public_key && {
      signingPublicKey: toBase64(new Uint8Array(r.signing_public_key)),
    }),
    ...(r.handle && { handle: r.handle }),
  }));
  // With the proof of each member's keys in the key-transparency log (issue 34).
  return withLookupProofs(core, members);
}
