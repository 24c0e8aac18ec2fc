// The account's key pins in shards (issue 33; docs/client-crypto.md, "Pinned keys in
// shards"): up to 256 opaque blobs per account, each written and versioned on its own,
// so pins scale past what one sealed copy may hold and a change rewrites one shard.
// The server cannot open a shard; it keeps the latest copy of each and makes a writer
// that read an older one merge again (If-Match on the shard's ETag). A write is
// announced on the account's feed (`account`), as the single copy's is.
import { accountKeyPinShards } from "@notes/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { preconditionFailed, preconditionRequired } from "../errors";
import { announce } from "../realtime/announce";
import type { Caller } from "../types";

export interface KeyPinShardView {
  shard: number;
  /** Base64 envelope, or null before any device stored this shard. */
  sealed: string | null;
  /** 0 before the first write; one more with every replacement. */
  version: number;
}

export const keyPinShardEtag = (shard: number, version: number) =>
  `"pin-shard-${shard}-${version}"`;

/** The version an If-Match names for `shard`, `"*"` for any, or undefined for none of ours. */
function matchedVersion(shard: number, ifMatch: string): number | "*" | undefined {
  for (const tag of ifMatch.split(/\s*,\s*/)) {
    if (tag === "*") return "*";
    const m = /^(?:W\/)?"pin-shard-(\d{1,3})-(\d{1,9})"$/.exec(tag);
    if (m && Number(m[1]) === shard) return Number(m[2]);
  }
  return undefined;
}

/** Every stored shard's number and version, in shard order (at most 256 rows). */
export async function listKeyPinShards(
  core: Core,
  caller: Caller,
): Promise<{ shard: number; version: number }[]> {
  return core.db
    .select({ shard: accountKeyPinShards.shard, version: accountKeyPinShards.version })
    .from(accountKeyPinShards)
    .where(eq(accountKeyPinShards.accountId, caller.accountId))
    .orderBy(asc(accountKeyPinShards.shard));
}

export async function readKeyPinShard(
  core: Core,
  caller: Caller,
  shard: number,
): Promise<KeyPinShardView> {
  const [row] = await core.db
    .select({ sealed: accountKeyPinShards.sealed, version: accountKeyPinShards.version })
    .from(accountKeyPinShards)
    .where(
      and(
        eq(accountKeyPinShards.accountId, caller.accountId),
        eq(accountKeyPinShards.shard, shard),
      ),
    );
  return { shard, ...(row ?? { sealed: null, version: 0 }) };
}

/** Replaces one shard if `ifMatch` names its stored version (or `*`). */
export async function replaceKeyPinShard(
  core: Core,
  caller: Caller,
  shard: number,
  ifMatch: string | null,
  sealed: string,
): Promise<KeyPinShardView> {
  if (ifMatch === null) throw preconditionRequired();
  const expected = matchedVersion(shard, ifMatch);
  if (expected === undefined) throw preconditionFailed();
  const t = accountKeyPinShards;
  return core.db.transaction(async (tx) => {
    const values = { accountId: caller.accountId, shard, sealed, version: 1 };
    const set = { sealed, version: sql`${t.version} + 1`, updatedAt: sql`now()` };
    const [row] =
      expected === 0
        ? await tx.insert(t).values(values).onConflictDoNothing().returning({ version: t.version })
        : expected === "*"
          ? await tx
              .insert(t)
              .values(values)
              .onConflictDoUpdate({ target: [t.accountId, t.shard], set })
              .returning({ version: t.version })
          : await tx
              .update(t)
              .set(set)
              .where(
                and(eq(t.accountId, caller.accountId), eq(t.shard, shard), eq(t.version, expected)),
              )
              .returning({ version: t.version });
    if (!row) throw preconditionFailed();
    await announce(tx, { e: "account", accountId: caller.accountId });
    return { shard, sealed, version: row.version };
  });
}
