// One note's head, as the prefix tree holds it (issue 33, item 12; docs/key-transparency.md,
// "Note heads"). Seen states are per device, so a device that never saw a note's newer
// state (signed in by password or passkey, not linked) would take an older one. The
// server logs each note's newest state, one for everyone, so such a device can hold what
// it is served against what the log holds: a lower version, an older snapshot, or
// another update at the logged version is a rollback.
//
//   alpha      = "notes/kt/head/v1" ‖ note id (16 raw uuid bytes)
//   index      = the first 32 bytes of VRF β
//   value      = u64 version ‖ u64 snapshot version ‖ content digest (32) ‖ metadata digest (32)
//                content digest: BLAKE2b-256 of the update envelope at `version` when it is
//                above the snapshot, else of the snapshot envelope; metadata digest: of the
//                metadata envelope (32 zero bytes when the note has none)
//   commitment = SHA-256("notes/kt/head-commit/v1" ‖ opening (16) ‖ note id (16) ‖ value)
import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OPENING_BYTES } from "./binding";
import { ascii, concat, equalBytes, u64, uuidBytes } from "./bytes";
import type { TreeHead } from "./head";
import { rootFromInclusion } from "./prefix-tree";
import { KeyTransparencyRefused } from "./verify";
import { vrfVerify } from "./vrf";

const HEAD_LABEL = ascii("notes/kt/head/v1");
const HEAD_COMMIT_LABEL = ascii("notes/kt/head-commit/v1");

/** A note's newest state, as a head leaf holds it. */
export interface NoteHead {
  version: number;
  snapshotVersion: number;
  /** BLAKE2b-256 of the envelope at `version` (an update above the snapshot, or the snapshot). */
  contentDigest: Uint8Array;
  /** BLAKE2b-256 of the metadata envelope; 32 zero bytes when there is none. */
  metadataDigest: Uint8Array;
}

export interface NoteHeadProof {
  /** The key-transparency epoch whose head the proof is against. */
  epoch: number;
  vrfProof: Uint8Array;
  opening: Uint8Array;
  head: NoteHead;
  siblings: Uint8Array[];
}

export function noteHeadVrfInput(noteId: string): Uint8Array {
  return concat(HEAD_LABEL, uuidBytes(noteId));
}

/**
 * BLAKE2b-256 of an envelope's bytes (libsodium's crypto_generichash(32, bytes)): what a
 * client's seen state records of the update at its version and of the metadata.
 */
export function envelopeDigest(envelope: Uint8Array): Uint8Array {
  return blake2b(envelope, { dkLen: 32 });
}

export function noteHeadValue(head: NoteHead): Uint8Array {
  if (head.snapshotVersion > head.version)
    throw new RangeError("a snapshot version is at most the version");
  if (head.contentDigest.length !== 32 || head.metadataDigest.length !== 32)
    throw new RangeError("a digest is 32 bytes");
  return concat(
    u64(head.version),
    u64(head.snapshotVersion),
    head.contentDigest,
    head.metadataDigest,
  );
}

export function noteHeadCommitment(
  noteId: string,
  opening: Uint8Array,
  head: NoteHead,
): Uint8Array {
  if (opening.length !== OPENING_BYTES) throw new RangeError("an opening is 16 bytes");
  return sha256(concat(HEAD_COMMIT_LABEL, opening, uuidBytes(noteId), noteHeadValue(head)));
}

/** The note head `proof` carries for `noteId` is the one in `head`'s tree; answers it. */
export function verifyNoteHeadLookup(
  head: TreeHead,
  noteId: string,
  proof: NoteHeadProof,
): NoteHead {
  if (proof.epoch !== head.epoch) {
    throw new KeyTransparencyRefused(
      "wrong-epoch",
      `a note-head proof for epoch ${proof.epoch} against the head of ${head.epoch}`,
    );
  }
  const id = noteId.toLowerCase();
  const beta = vrfVerify(head.vrfPublicKey, noteHeadVrfInput(id), proof.vrfProof);
  if (!beta)
    throw new KeyTransparencyRefused("vrf", `the VRF proof for note ${id}'s head does not verify`);
  const commitment = noteHeadCommitment(id, proof.opening, proof.head);
  const root = rootFromInclusion(beta.subarray(0, 32), commitment, proof.siblings);
  if (!root || !equalBytes(root, head.treeRoot)) {
    throw new KeyTransparencyRefused(
      "not-included",
      `the head of note ${id} is not in the tree of epoch ${head.epoch}`,
    );
  }
  return proof.head;
}
