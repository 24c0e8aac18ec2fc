// The proofs of what the log holds for a note (issue 33, item 12; issue 34): its signed
// roster chain's head (roster-proof.ts) and its own head, the newest version and what is
// at it, with the VRF proof of its place and the commitment's opening, and the metadata
// envelope the logged digest is of (members read its revision; the server cannot).
// Only the note's live members may read them (anyone else: note-not-found).
import { ktHeadLeaves } from "@notes/db";
import { type NoteHeadProofJson, noteHeadProofToJson, toBase64 } from "@notes/keytrans";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Core } from "../core";
import type { Caller } from "../types";
import { directoryAt, newestHeads } from "./directory";
import { findRosterProof, requireLiveMember } from "./roster-proof";

export type NoteHeadProofAnswer = NoteHeadProofJson & { metadata?: string };

/** The proof of `noteId`'s logged head in the published tree; undefined when none. */
export async function findNoteHeadProof(
  core: Core,
  noteId: string,
): Promise<NoteHeadProofAnswer | undefined> {
  const { published } = await newestHeads(core);
  if (!published) return undefined;
  const [leaf] = await core.db
    .select()
    .from(ktHeadLeaves)
    .where(and(eq(ktHeadLeaves.noteId, noteId), lte(ktHeadLeaves.epoch, published.epoch)))
    .orderBy(desc(ktHeadLeaves.epoch))
    .limit(1);
  if (!leaf) return undefined;
  const tree = (await directoryAt(core, published.epoch)).trees.get(published.epoch);
  if (!tree) return undefined;
  const proof = noteHeadProofToJson({
    epoch: published.epoch,
    vrfProof: leaf.vrfProof,
    opening: leaf.opening,
    head: {
      version: leaf.version,
      snapshotVersion: leaf.snapshotVersion,
      contentDigest: leaf.contentDigest,
      metadataDigest: leaf.metadataDigest,
    },
    siblings: tree.prove(leaf.vrfIndex).siblings,
  });
  return leaf.metadata ? { ...proof, metadata: toBase64(leaf.metadata) } : proof;
}

/** For a live member of the (undeleted) note: both proofs, each absent when not logged. */
export async function noteLogProofs(core: Core, caller: Caller, noteId: string) {
  const id = await requireLiveMember(core, caller, noteId);
  const [proof, head] = await Promise.all([findRosterProof(core, id), findNoteHeadProof(core, id)]);
  return { ...(proof && { proof }), ...(head && { head }) };
}
