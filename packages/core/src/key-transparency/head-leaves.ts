// Note heads in the log (issue 33, item 12; docs/key-transparency.md, "Note heads"): in
// the epoch job's transaction, the notes written since the last epoch get a new leaf
// holding their head (version, snapshot version, the digests of the envelope at that
// version and of the metadata), placed by the VRF over "notes/kt/head/v1" ‖ note id and
// committed with a fresh opening. A note whose head is the one already logged gets none.
//
// Writes enqueue with ON CONFLICT DO NOTHING (a trigger on `notes`, migration 0032), so a
// writer may find the note already pending and add nothing while this job drains it. The
// job therefore locks the pending notes' rows (FOR SHARE, SKIP LOCKED) before draining
// and reading them: a note a writer holds is left pending for the next epoch, and a note
// it locked cannot change before this transaction commits, after which any write
// enqueues anew. Writes to a locked note wait for the commit, so the slow part (a VRF
// proof, ~1–5 ms, for a note logged the first time) is done before the lock. At most
// HEADS_PER_EPOCH notes an epoch, so a backlog (the migration's) spreads over epochs.
import { randomBytes } from "node:crypto";
import { ktHeadLeaves, type Queryable, rows } from "@notes/db";
import {
  envelopeDigest,
  equalBytes,
  type NoteHead,
  noteHeadCommitment,
  noteHeadVrfInput,
  vrfProve,
} from "@notes/keytrans";
import { sql } from "drizzle-orm";

export const HEADS_PER_EPOCH = 1000;
const CHUNK = 1000;
const NO_DIGEST = new Uint8Array(32);

interface PendingHead {
  note_id: string;
  deleted: boolean;
  version: number | string;
  snapshot_version: number | string;
  snapshot: Uint8Array | null;
  top: Uint8Array | null;
  metadata: Uint8Array | null;
  l_version: number | string | null;
  l_snapshot_version: number | string | null;
  content_digest: Uint8Array | null;
  metadata_digest: Uint8Array | null;
  vrf_index: Uint8Array | null;
  vrf_proof: Uint8Array | null;
}

export type HeadLeafRow = typeof ktHeadLeaves.$inferInsert;

/** The note's place in the tree: the VRF's index, and its proof. */
function place(vrfSecret: Uint8Array, noteId: string) {
  const { proof, output } = vrfProve(vrfSecret, noteHeadVrfInput(noteId));
  return { index: output.slice(0, 32), proof };
}

/** The head a note's row holds now. */
function headOf(row: PendingHead): NoteHead {
  const version = Number(row.version);
  const snapshotVersion = Number(row.snapshot_version);
  const at = version > snapshotVersion ? row.top : row.snapshot;
  return {
    version,
    snapshotVersion,
    contentDigest: at ? envelopeDigest(at) : NO_DIGEST,
    metadataDigest: row.metadata ? envelopeDigest(row.metadata) : NO_DIGEST,
  };
}

function sameAsLogged(row: PendingHead, head: NoteHead): boolean {
  return (
    row.content_digest !== null &&
    row.metadata_digest !== null &&
    Number(row.l_version) === head.version &&
    Number(row.l_snapshot_version) === head.snapshotVersion &&
    equalBytes(row.content_digest, head.contentDigest) &&
    equalBytes(row.metadata_digest, head.metadataDigest)
  );
}

/** Drains pending notes (those no writer holds) and writes the head leaves of `epoch`. */
export async function logNoteHeads(
  tx: Queryable,
  epoch: number,
  vrfSecret: Uint8Array,
): Promise<HeadLeafRow[]> {
  const next = await rows<{ note_id: string; placed: boolean }>(
    tx,
    sql`select p.note_id, exists (select 1 from kt_head_leaves k where k.note_id = p.note_id) as placed
        from kt_head_pending p order by p.note_id limit ${HEADS_PER_EPOCH}`,
  );
  if (next.length === 0) return [];
  const places = new Map<string, { index: Uint8Array; proof: Uint8Array }>();
  for (const { note_id } of next.filter((n) => !n.placed))
    places.set(note_id, place(vrfSecret, note_id));
  const locked = await rows<{ id: string }>(
    tx,
    sql`select id from notes where id in (${sql.join(
      next.map((n) => sql`${n.note_id}::uuid`),
      sql`, `,
    )}) for share skip locked`,
  );
  const leaves: HeadLeafRow[] = [];
  for (let i = 0; i < locked.length; i += CHUNK) {
    const ids = sql.join(
      locked.slice(i, i + CHUNK).map((l) => sql`${l.id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`delete from kt_head_pending where note_id in (${ids})`);
    const pending = await rows<PendingHead>(
      tx,
      sql`select n.id as note_id, n.deleted, n.version, n.snapshot_version, n.metadata,
                 case when n.version = n.snapshot_version then n.snapshot end as snapshot,
                 (select u.data from note_updates u
                   where u.note_id = n.id and u.version = n.version) as top,
                 l.version as l_version, l.snapshot_version as l_snapshot_version,
                 l.content_digest, l.metadata_digest, l.vrf_index, l.vrf_proof
          from notes n
          left join lateral (select * from kt_head_leaves k where k.note_id = n.id
                             order by k.epoch desc limit 1) l on true
          where n.id in (${ids})`,
    );
    for (const row of pending) {
      if (row.deleted) continue;
      const head = headOf(row);
      if (sameAsLogged(row, head)) continue;
      const placed =
        row.vrf_index && row.vrf_proof
          ? { index: row.vrf_index, proof: row.vrf_proof }
          : (places.get(row.note_id) ?? place(vrfSecret, row.note_id));
      const opening = new Uint8Array(randomBytes(16));
      leaves.push({
        noteId: row.note_id,
        epoch,
        ...head,
        metadata: row.metadata,
        vrfIndex: placed.index,
        vrfProof: placed.proof,
        opening,
        commitment: noteHeadCommitment(row.note_id, opening, head),
      });
    }
  }
  for (let i = 0; i < leaves.length; i += CHUNK) {
    await tx.insert(ktHeadLeaves).values(leaves.slice(i, i + CHUNK));
  }
  return leaves;
}
