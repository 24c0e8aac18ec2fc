// The proof of a note's logged roster head (issue 34, rosters in the log): the newest
// chain head the published tree holds for the note, with the VRF proof of its place and
// the opening of its commitment. Only the note's live members may read it (anyone else:
// note-not-found, as for a note they cannot see); it names the chain's epoch and hash
// and nothing of who is on the note.
import { ktRosterLeaves, rows } from "@notes/db";
import { type RosterProofJson, rosterProofToJson } from "@notes/keytrans";
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Core } from "../core";
import { noteNotFound } from "../notes/refusals";
import type { Caller } from "../types";
import { directoryAt, newestHeads } from "./directory";

/** The proof of `noteId`'s logged chain head in the published tree; undefined when none. */
export async function findRosterProof(
  core: Core,
  noteId: string,
): Promise<RosterProofJson | undefined> {
  const { published } = await newestHeads(core);
  if (!published) return undefined;
  const [leaf] = await core.db
    .select()
    .from(ktRosterLeaves)
    .where(and(eq(ktRosterLeaves.noteId, noteId), lte(ktRosterLeaves.epoch, published.epoch)))
    .orderBy(desc(ktRosterLeaves.epoch))
    .limit(1);
  if (!leaf) return undefined;
  const tree = (await directoryAt(core, published.epoch)).trees.get(published.epoch);
  if (!tree) return undefined;
  return rosterProofToJson({
    epoch: published.epoch,
    vrfProof: leaf.vrfProof,
    opening: leaf.opening,
    head: { chainEpoch: leaf.chainEpoch, entryHash: leaf.entryHash },
    siblings: tree.prove(leaf.vrfIndex).siblings,
  });
}

/** For a live member of the (undeleted) note: its proof, absent when not logged yet. */
export async function rosterProof(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<{ proof?: RosterProofJson }> {
  const id = noteId.toLowerCase();
  const [member] = await rows<{ role: string }>(
    core.db,
    sql`select m.role from note_members m join notes n on n.id = m.note_id and not n.deleted
        where m.note_id = ${id} and m.account_id = ${caller.accountId} and m.role <> 'revoked'`,
  );
  if (!member) throw noteNotFound();
  const proof = await findRosterProof(core, id);
  return proof ? { proof } : {};
}
