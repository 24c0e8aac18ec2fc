// The account's sealed key pins (issue 21): one opaque blob per account, written by
// its devices and read back by the others (docs/client-crypto.md, "Pinned keys").
// The server cannot open it; it only keeps the latest copy and makes writers that
// read an older one merge again (If-Match on the version's ETag). A replacement is
// announced on the account's feed (`account`), so signed-in devices read it at once.
import { accountKeyPins } from "@notes/db";
import { and, eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { preconditionFailed, preconditionRequired } from "../errors";
import { announce } from "../realtime/announce";
import type { Caller } from "../types";

export interface KeyPinsView {
  /** Base64 envelope, or null before any device stored pins. */
  sealed: string | null;
  /** 0 before the first write; one more with every replacement. */
  version: number;
}

export const keyPinsEtag = (version: number) => `"pins-${version}"`;

/** The version an If-Match names, `"*"` for any, or undefined when it names none of ours. */
function matchedVersion(ifMatch: string): number | "*" | undefined {
  for (const tag of ifMatch.split(/\s*,\s*/)) {
    if (tag === "*") return "*";
    const m = /^(?:W\/)?"pins-(\d{1,9})"$/.exec(tag);
    if (m) return Number(m[1]);
  }
  return undefined;
}

export async function readKeyPins(core: Core, caller: Caller): Promise<KeyPinsView> {
  const [row] = await core.db
    .select({ sealed: accountKeyPins.sealed, version: accountKeyPins.version })
    .from(accountKeyPins)
    .where(eq(accountKeyPins.accountId, caller.accountId));
  return row ?? { sealed: null, version: 0 };
}

/** Replaces the sealed pins if `ifMatch` names the stored version (or `*`). */
export async function replaceKeyPins(
  core: Core,
  caller: Caller,
  ifMatch: string | null,
  sealed: string,
): Promise<KeyPinsView> {
  if (ifMatch === null) throw preconditionRequired();
  const expected = matchedVersion(ifMatch);
  if (expected === undefined) throw preconditionFailed();
  return core.db.transaction(async (tx) => {
    const set = { sealed, version: sql`${accountKeyPins.version} + 1`, updatedAt: sql`now()` };
    const [row] =
      expected === 0
        ? await tx
            .insert(accountKeyPins)
            .values({ accountId: caller.accountId, sealed, version: 1 })
            .onConflictDoNothing()
            .returning({ version: accountKeyPins.version })
        : expected === "*"
          ? await tx
              .insert(accountKeyPins)
              .values({ accountId: caller.accountId, sealed, version: 1 })
              .onConflictDoUpdate({ target: accountKeyPins.accountId, set })
              .returning({ version: accountKeyPins.version })
          : await tx
              .update(accountKeyPins)
              .set(set)
              .where(
                and(
                  eq(accountKeyPins.accountId, caller.accountId),
                  eq(accountKeyPins.version, expected),
                ),
              )
              .returning({ version: accountKeyPins.version });
    if (!row) throw preconditionFailed();
    await announce(tx, { e: "account", accountId: caller.accountId });
    return { sealed, version: row.version };
  });
}
