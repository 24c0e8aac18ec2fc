// One note's membership-chain head, as the prefix tree holds it (issue 34, "Rosters
// too"; docs/key-transparency.md, "Rosters"). The server logs the newest entry of each
// note's signed roster chain, so a member's device can check that the chain it is shown
// is the one everybody is shown: an entry the log holds but the served chain lacks is
// withheld, another hash at the logged epoch is a fork.
//
//   alpha      = "notes/kt/roster/v1" ‖ note id (16 raw uuid bytes)
//   index      = the first 32 bytes of VRF β
//   value      = u32 chain epoch ‖ entry hash (32): BLAKE2b-256 of the entry's wire bytes,
//                what the next entry names as `prev`
//   commitment = SHA-256("notes/kt/roster-commit/v1" ‖ opening (16) ‖ note id (16) ‖ value)
import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OPENING_BYTES } from "./binding";
import { ascii, concat, equalBytes, u32, uuidBytes } from "./bytes";
import type { TreeHead } from "./head";
import { rootFromInclusion } from "./prefix-tree";
import { KeyTransparencyRefused } from "./verify";
import { vrfVerify } from "./vrf";

const ROSTER_LABEL = ascii("notes/kt/roster/v1");
const ROSTER_COMMIT_LABEL = ascii("notes/kt/roster-commit/v1");

/** The chain head a roster leaf holds. */
export interface RosterHead {
  /** The entry's epoch in the note's chain (0 for the first entry). */
  chainEpoch: number;
  /** BLAKE2b-256 of the entry's wire bytes. */
  entryHash: Uint8Array;
}

export interface RosterProof {
  /** The key-transparency epoch whose head the proof is against. */
  epoch: number;
  vrfProof: Uint8Array;
  opening: Uint8Array;
  head: RosterHead;
  siblings: Uint8Array[];
}

export function rosterVrfInput(noteId: string): Uint8Array {
  return concat(ROSTER_LABEL, uuidBytes(noteId));
}

/** BLAKE2b-256 of a roster entry's wire bytes (libsodium's crypto_generichash(32, wire)). */
export function rosterEntryDigest(wire: Uint8Array): Uint8Array {
  return blake2b(wire, { dkLen: 32 });
}

export function rosterValue(head: RosterHead): Uint8Array {
  if (!Number.isInteger(head.chainEpoch) || head.chainEpoch < 0 || head.chainEpoch > 0xffff_ffff)
    throw new RangeError("a chain epoch is a u32");
  if (head.entryHash.length !== 32) throw new RangeError("an entry hash is 32 bytes");
  return concat(u32(head.chainEpoch), head.entryHash);
}

export function rosterCommitment(
  noteId: string,
  opening: Uint8Array,
  head: RosterHead,
): Uint8Array {
  if (opening.length !== OPENING_BYTES) throw new RangeError("an opening is 16 bytes");
  return sha256(concat(ROSTER_COMMIT_LABEL, opening, uuidBytes(noteId), rosterValue(head)));
}

/** The chain head `proof` carries for `noteId` is the one in `head`'s tree; answers it. */
export function verifyRosterLookup(head: TreeHead, noteId: string, proof: RosterProof): RosterHead {
  if (proof.epoch !== head.epoch) {
    throw new KeyTransparencyRefused(
      "wrong-epoch",
      `a roster proof for epoch ${proof.epoch} against the head of ${head.epoch}`,
    );
  }
  const id = noteId.toLowerCase();
  const beta = vrfVerify(head.vrfPublicKey, rosterVrfInput(id), proof.vrfProof);
  if (!beta)
    throw new KeyTransparencyRefused("vrf", `the VRF proof for note ${id} does not verify`);
  const commitment = rosterCommitment(id, proof.opening, proof.head);
  const root = rootFromInclusion(beta.subarray(0, 32), commitment, proof.siblings);
  if (!root || !equalBytes(root, head.treeRoot)) {
    throw new KeyTransparencyRefused(
      "not-included",
      `the roster of note ${id} is not in the tree of epoch ${head.epoch}`,
    );
  }
  return proof.head;
}
