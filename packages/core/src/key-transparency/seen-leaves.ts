// The account's seen heads in the log (issue 33, item 12; docs/key-transparency.md, "The
// account's seen heads"): in the epoch job's transaction, the accounts that stored a new
// sealed copy since the last epoch get a leaf holding its counter and the BLAKE2b-256 of
// its bytes, placed by the VRF over "notes/kt/seen/v1" ‖ account id and committed with a
// fresh opening. An account whose stored copy is the one already logged gets none.
import { randomBytes } from "node:crypto";
import { ktSeenLeaves, ktSeenPending, type Queryable, rows } from "@notes/db";
import { seenHeadsCommitment, seenHeadsDigest, seenHeadsVrfInput, vrfProve } from "@notes/keytrans";
import { sql } from "drizzle-orm";

const CHUNK = 1000;

interface PendingCopy {
  account_id: string;
  counter: number | string | null;
  sealed: Uint8Array | null;
  logged_counter: number | string | null;
  vrf_index: Uint8Array | null;
  vrf_proof: Uint8Array | null;
}

export type SeenLeafRow = typeof ktSeenLeaves.$inferInsert;

/** Drains the pending accounts and writes their seen-heads leaves of `epoch`; answers them. */
export async function logSeenHeads(
  tx: Queryable,
  epoch: number,
  vrfSecret: Uint8Array,
): Promise<SeenLeafRow[]> {
  // Drained first, then read: an upload committed after this read enqueues anew.
  const drained = await tx.delete(ktSeenPending).returning({ accountId: ktSeenPending.accountId });
  const leaves: SeenLeafRow[] = [];
  for (let i = 0; i < drained.length; i += CHUNK) {
    const ids = drained.slice(i, i + CHUNK).map((d) => sql`${d.accountId}::uuid`);
    const pending = await rows<PendingCopy>(
      tx,
      sql`select p.id as account_id, s.counter, s.sealed,
                 l.counter as logged_counter, l.vrf_index, l.vrf_proof
          from (select unnest(array[${sql.join(ids, sql`, `)}]) as id) p
          left join account_seen_heads s on s.account_id = p.id
          left join lateral (select * from kt_seen_leaves k where k.account_id = p.id
                             order by k.epoch desc limit 1) l on true`,
    );
    for (const row of pending) {
      if (row.sealed === null || row.counter === null) continue;
      // Counters only grow (the store refuses anything else), so a logged counter
      // names the stored bytes.
      if (row.logged_counter !== null && Number(row.logged_counter) >= Number(row.counter))
        continue;
      const logged = { counter: Number(row.counter), digest: seenHeadsDigest(row.sealed) };
      const placed =
        row.vrf_index && row.vrf_proof
          ? { index: row.vrf_index, proof: row.vrf_proof }
          : (() => {
              const { proof, output } = vrfProve(vrfSecret, seenHeadsVrfInput(row.account_id));
              return { index: output.slice(0, 32), proof };
            })();
      const opening = new Uint8Array(randomBytes(16));
      leaves.push({
        accountId: row.account_id,
        epoch,
        counter: logged.counter,
        digest: logged.digest,
        vrfIndex: placed.index,
        vrfProof: placed.proof,
        opening,
        commitment: seenHeadsCommitment(row.account_id, opening, logged),
      });
    }
  }
  for (let i = 0; i < leaves.length; i += CHUNK) {
    await tx.insert(ktSeenLeaves).values(leaves.slice(i, i + CHUNK));
  }
  return leaves;
}
