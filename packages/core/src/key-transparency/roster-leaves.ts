// Rosters in the log (issue 34; docs/key-transparency.md, "Rosters"): in the epoch job's
// transaction, the notes whose signed membership chain grew since the last epoch get a
// new leaf holding the chain's newest entry (its epoch and BLAKE2b-256 hash), placed by
// the VRF over "notes/kt/roster/v1" ‖ note id and committed with a fresh opening. A note
// whose newest entry is the one already logged gets none.
import { randomBytes } from "node:crypto";
import { ktRosterLeaves, ktRosterPending, type Queryable, rows } from "@notes/db";
import {
  equalBytes,
  rosterCommitment,
  rosterEntryDigest,
  rosterVrfInput,
  vrfProve,
} from "@notes/keytrans";
import { sql } from "drizzle-orm";

const CHUNK = 1000;

interface PendingRoster {
  note_id: string;
  chain_epoch: number | string | null;
  entry: Uint8Array | null;
  logged_epoch: number | string | null;
  entry_hash: Uint8Array | null;
  vrf_index: Uint8Array | null;
  vrf_proof: Uint8Array | null;
}

export type RosterLeafRow = typeof ktRosterLeaves.$inferInsert;

/** Drains the pending notes and writes the leaves of `epoch`; answers them. */
export async function logRosterHeads(
  tx: Queryable,
  epoch: number,
  vrfSecret: Uint8Array,
): Promise<RosterLeafRow[]> {
  // Drained first, then read: an entry committed after this read enqueues anew.
  const drained = await tx.delete(ktRosterPending).returning({ noteId: ktRosterPending.noteId });
  const leaves: RosterLeafRow[] = [];
  for (let i = 0; i < drained.length; i += CHUNK) {
    const ids = drained.slice(i, i + CHUNK).map((d) => sql`${d.noteId}::uuid`);
    const pending = await rows<PendingRoster>(
      tx,
      sql`select p.id as note_id, e.epoch as chain_epoch, e.entry,
                 l.chain_epoch as logged_epoch, l.entry_hash, l.vrf_index, l.vrf_proof
          from (select unnest(array[${sql.join(ids, sql`, `)}]) as id) p
          left join lateral (select epoch, entry from note_roster_entries r
                             where r.note_id = p.id order by r.epoch desc limit 1) e on true
          left join lateral (select * from kt_roster_leaves k where k.note_id = p.id
                             order by k.epoch desc limit 1) l on true`,
    );
    for (const row of pending) {
      if (row.entry === null || row.chain_epoch === null) continue;
      const head = { chainEpoch: Number(row.chain_epoch), entryHash: rosterEntryDigest(row.entry) };
      const same =
        row.entry_hash !== null &&
        Number(row.logged_epoch) === head.chainEpoch &&
        equalBytes(row.entry_hash, head.entryHash);
      if (same) continue;
      const placed =
        row.vrf_index && row.vrf_proof
          ? { index: row.vrf_index, proof: row.vrf_proof }
          : (() => {
              const { proof, output } = vrfProve(vrfSecret, rosterVrfInput(row.note_id));
              return { index: output.slice(0, 32), proof };
            })();
      const opening = new Uint8Array(randomBytes(16));
      leaves.push({
        noteId: row.note_id,
        epoch,
        chainEpoch: head.chainEpoch,
        entryHash: head.entryHash,
        vrfIndex: placed.index,
        vrfProof: placed.proof,
        opening,
        commitment: rosterCommitment(row.note_id, opening, head),
      });
    }
  }
  for (let i = 0; i < leaves.length; i += CHUNK) {
    await tx.insert(ktRosterLeaves).values(leaves.slice(i, i + CHUNK));
  }
  return leaves;
}
