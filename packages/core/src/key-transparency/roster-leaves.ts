// Rosters in the log (issue 34; docs/key-transparency.md, "Rosters"): in the epoch job's
// transaction, the notes whose signed membership chain grew since the last epoch get a
// new leaf holding the chain's newest entry (its epoch and BLAKE2b-256 hash), placed by
// the VRF over "notes/kt/roster/v1" ‖ note id and committed with a fresh opening. A note
// whose newest entry is the one already logged gets none.
//
// A note's place is computed once, when it is first logged, and costs a VRF proof
// (~2.5 ms of CPU). Ten thousand new notes computed inside the epoch's transaction held
// the event loop, and an embedded database, for 30 s. So the placing job (`placeRosters`,
// run by the epoch job in short steps between ticks) computes places ahead and keeps them
// in the pending row; the epoch computes at most INLINE_PLACES itself and leaves the
// other new notes pending, to be placed and logged at a later epoch.
import { randomBytes } from "node:crypto";
import { type Db, ktRosterLeaves, ktRosterPending, type Queryable, rows } from "@notes/db";
import {
  equalBytes,
  rosterCommitment,
  rosterEntryDigest,
  rosterVrfInput,
  vrfProve,
} from "@notes/keytrans";
import { eq, sql } from "drizzle-orm";

const CHUNK = 1000;
/** New notes an epoch places itself (a burst the placing job has not reached yet). */
export const INLINE_PLACES = 16;

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

const place = (vrfSecret: Uint8Array, noteId: string) => {
  const { proof, output } = vrfProve(vrfSecret, rosterVrfInput(noteId));
  return { index: output.slice(0, 32), proof };
};

/**
 * Computes the places of up to `limit` pending notes that have none yet, in one short
 * transaction (rows another instance is placing are skipped); answers how many it placed.
 */
export async function placeRosters(db: Db, vrfSecret: Uint8Array, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const unplaced = await rows<{ note_id: string }>(
      tx,
      sql`select p.note_id from kt_roster_pending p
          where p.vrf_index is null
            and not exists (select 1 from kt_roster_leaves k where k.note_id = p.note_id)
          order by p.enqueued_at limit ${limit}
          for update of p skip locked`,
    );
    for (const { note_id } of unplaced) {
      const { index, proof } = place(vrfSecret, note_id);
      await tx
        .update(ktRosterPending)
        .set({ vrfIndex: index, vrfProof: proof })
        .where(eq(ktRosterPending.noteId, note_id));
    }
    return unplaced.length;
  });
}

/**
 * Drains the pending notes and writes the leaves of `epoch`; answers them. A new note
 * the placing job has not placed yet is placed here while fewer than INLINE_PLACES were;
 * past that it goes back in the queue, unplaced, for the placing job and a later epoch.
 */
export async function logRosterHeads(
  tx: Queryable,
  epoch: number,
  vrfSecret: Uint8Array,
): Promise<RosterLeafRow[]> {
  // Drained first, then read: an entry committed after this read enqueues anew.
  const drained = await tx.delete(ktRosterPending).returning();
  const leaves: RosterLeafRow[] = [];
  const later: (typeof ktRosterPending.$inferInsert)[] = [];
  let inline = 0;
  for (let i = 0; i < drained.length; i += CHUNK) {
    const chunk = drained.slice(i, i + CHUNK);
    const queued = new Map(chunk.map((d) => [d.noteId, d]));
    const ids = chunk.map((d) => sql`${d.noteId}::uuid`);
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
      const own = queued.get(row.note_id);
      let placed: { index: Uint8Array; proof: Uint8Array };
      if (row.vrf_index && row.vrf_proof) placed = { index: row.vrf_index, proof: row.vrf_proof };
      else if (own?.vrfIndex && own.vrfProof) placed = { index: own.vrfIndex, proof: own.vrfProof };
      else if (inline < INLINE_PLACES) {
        inline++;
        placed = place(vrfSecret, row.note_id);
      } else {
        if (own) later.push({ noteId: own.noteId, enqueuedAt: own.enqueuedAt });
        continue;
      }
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
  for (let i = 0; i < later.length; i += CHUNK) {
    await tx
      .insert(ktRosterPending)
      .values(later.slice(i, i + CHUNK))
      .onConflictDoNothing();
  }
  return leaves;
}
