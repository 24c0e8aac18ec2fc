// The account's sealed seen heads (issue 33, item 12; docs/client-crypto.md, "The
// account's seen heads"): one opaque copy per account that its devices upload and a
// device signed in without a link reads before its first sync. The server keeps the
// newest copy only, makes a writer that read an older one merge again (If-Match on the
// counter's ETag; the new counter is the matched one plus one, the counter the client
// sealed into the associated data), and enqueues the account so that the next epoch
// logs the counter and digest (key-transparency/seen-leaves.ts). The answer to a read
// carries the proof of what the published tree holds, or that it holds nothing.
import { accountSeenHeads } from "@notes/db";
import type { SeenHeadsProofJson } from "@notes/keytrans";
import { and, eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { invalidRequest, preconditionFailed, preconditionRequired } from "../errors";
import { enqueueSeenHeads } from "../key-transparency/enqueue";
import { seenHeadsProof } from "../key-transparency/seen-proof";
import type { Caller } from "../types";

export interface SeenHeadsView {
  /** 0 before any device stored a copy; one more with every upload. */
  counter: number;
  /** The sealed copy's raw bytes, or null before any device stored one. */
  sealed: Uint8Array | null;
  /** What the published tree holds for the account (absent before the first head). */
  keyTransparency?: SeenHeadsProofJson;
}

export const seenHeadsEtag = (counter: number) => `"seen-${counter}"`;

/** The counter an If-Match names, or undefined when it names none of ours. */
function matchedCounter(ifMatch: string): number | undefined {
  for (const tag of ifMatch.split(/\s*,\s*/)) {
    const m = /^(?:W\/)?"seen-(\d{1,15})"$/.exec(tag);
    if (m) return Number(m[1]);
  }
  return undefined;
}

export async function readSeenHeads(core: Core, caller: Caller): Promise<SeenHeadsView> {
  const [row] = await core.db
    .select({ counter: accountSeenHeads.counter, sealed: accountSeenHeads.sealed })
    .from(accountSeenHeads)
    .where(eq(accountSeenHeads.accountId, caller.accountId));
  const proof = await seenHeadsProof(core, caller.accountId);
  return { ...(row ?? { counter: 0, sealed: null }), ...(proof && { keyTransparency: proof }) };
}

/**
 * Stores copy `counter` if `ifMatch` names the stored counter and `counter` is one more.
 * Throws precondition-required (no If-Match), precondition-failed (another copy was
 * stored in between) and invalid-request (a counter that does not follow the matched one).
 */
export async function replaceSeenHeads(
  core: Core,
  caller: Caller,
  ifMatch: string | null,
  counter: number,
  sealed: Uint8Array,
): Promise<{ counter: number }> {
  if (ifMatch === null) throw preconditionRequired();
  const expected = matchedCounter(ifMatch);
  if (expected === undefined) throw preconditionFailed();
  if (counter !== expected + 1)
    throw invalidRequest([
      {
        pointer: "/counter",
        detail: `The counter after ${seenHeadsEtag(expected)} is ${expected + 1}.`,
      },
    ]);
  return core.db.transaction(async (tx) => {
    const [row] =
      expected === 0
        ? await tx
            .insert(accountSeenHeads)
            .values({ accountId: caller.accountId, counter, sealed })
            .onConflictDoNothing()
            .returning({ counter: accountSeenHeads.counter })
        : await tx
            .update(accountSeenHeads)
            .set({ counter, sealed, updatedAt: sql`now()` })
            .where(
              and(
                eq(accountSeenHeads.accountId, caller.accountId),
                eq(accountSeenHeads.counter, expected),
              ),
            )
            .returning({ counter: accountSeenHeads.counter });
    if (!row) throw preconditionFailed();
    await enqueueSeenHeads(tx, caller.accountId);
    return { counter: row.counter };
  });
}
