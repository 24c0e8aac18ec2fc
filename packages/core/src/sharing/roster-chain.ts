// A note's signed membership chain (issue 33): one entry per roster the owner decided,
// signed by the owner, each naming the hash of the one before (docs/client-crypto.md,
// "The signed group state"). The server cannot check the signatures it stores (it holds
// no key worth trusting here) and does not try: it keeps the chain append-only and
// gap-free, checks that an entry's signature block names the owner writing it, and
// serves the chain to members, whose clients verify every entry.
import { noteRosterEntries, type Queryable, rows } from "@notes/db";
import type { RosterProofJson } from "@notes/keytrans";
import { sql } from "drizzle-orm";
import type { Core } from "../core";
import { invalidRequest } from "../errors";
import { enqueueRoster } from "../key-transparency/enqueue";
import { findRosterProof } from "../key-transparency/roster-proof";
import { noteNotFound } from "../notes/refusals";
import { toBase64 } from "../shared/base64";
import { SIGNATURE_BLOCK_BYTES } from "../shared/signature-block";
import type { Caller } from "../types";

export interface ChainEntry {
  epoch: number;
  entry: string;
}

/** The entry's signature block (its last 80 bytes), for the signer check; null without one. */
export const entrySignature = (entry: Uint8Array | null | undefined): Uint8Array | null =>
  entry && entry.length > SIGNATURE_BLOCK_BYTES
    ? entry.subarray(entry.length - SIGNATURE_BLOCK_BYTES)
    : null;

/** The next epoch of the note's chain: one past the last entry, 0 for a note without one. */
export async function nextEpoch(q: Queryable, noteId: string): Promise<number> {
  const [last] = await rows<{ epoch: number | string | null }>(
    q,
    sql`select max(epoch) as epoch from note_roster_entries where note_id = ${noteId}`,
  );
  return last?.epoch === null || last?.epoch === undefined ? 0 : Number(last.epoch) + 1;
}

/** Appends `entry` at `epoch`, which must be the chain's next (else 400 pointing at it). */
export async function appendChainEntry(
  q: Queryable,
  noteId: string,
  epoch: number,
  entry: Uint8Array,
): Promise<void> {
  const next = await nextEpoch(q, noteId);
  if (epoch !== next) {
    throw invalidRequest([
      { pointer: "/roster/epoch", detail: `The chain's next epoch is ${next}.` },
    ]);
  }
  await q.insert(noteRosterEntries).values({ noteId, epoch, entry });
  // The next epoch logs the chain's new head (issue 34, rosters in the log).
  await enqueueRoster(q, noteId);
}

/**
 * The chain as stored, oldest first (`after`: only epochs above it), for any member, and
 * for a former member the entries up to their removal: the entry that removed them is
 * written in the transaction that revokes them, so its created_at equals their
 * revoked_at (both the transaction's now()), and nothing written after it is shown.
 * Their device reads it to confirm that the owner signed the removal (issue 33, item 3).
 * A deleted note's chain is no one's to read: its deletion is signed on its own.
 * A live member's answer carries the proof of the chain head the log holds, when one is.
 */
export async function readRosterChain(
  core: Core,
  caller: Caller,
  noteId: string,
  after?: number,
): Promise<{ entries: ChainEntry[]; keyTransparency?: RosterProofJson }> {
  const id = noteId.toLowerCase();
  // One statement: the membership check and the entries read from one snapshot.
  const found = await rows<{
    role: string;
    epoch: number | string | null;
    entry: Uint8Array | null;
  }>(
    core.db,
    sql`select m.role, e.epoch, e.entry
        from note_members m join notes n on n.id = m.note_id and not n.deleted
          left join note_roster_entries e on e.note_id = m.note_id and e.epoch > ${after ?? -1}
            and (m.role <> 'revoked' or e.created_at <= m.revoked_at)
        where m.note_id = ${id} and m.account_id = ${caller.accountId}
        order by e.epoch`,
  );
  if (found.length === 0) throw noteNotFound();
  const entries = found.flatMap((r) =>
    r.entry === null || r.epoch === null
      ? []
      : [{ epoch: Number(r.epoch), entry: toBase64(r.entry) }],
  );
  // A live member also gets the proof of the head the log holds (issue 34), which their
  // client checks the chain against; a removed member's chain stops at their removal.
  if (found[0]?.role === "revoked") return { entries };
  const keyTransparency = await findRosterProof(core, id);
  return keyTransparency ? { entries, keyTransparency } : { entries };
}
