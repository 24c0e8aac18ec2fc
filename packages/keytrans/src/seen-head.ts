// The head a device last saw, as it carries it inside what it already signs so that
// collaborators compare heads without a new channel (issue 34, split views;
// docs/key-transparency.md, "Comparing heads"): 40 bytes,
//
//   seen head = u64 epoch ‖ log root of that epoch's head (32)
//
// The log root commits to every head's log leaf up to the epoch (epoch, timestamp and
// tree root of each), so two heads of one epoch with the same log root differ at most in
// `config`, which every client pins on its own. A reader compares it with its own head:
// the same epoch must carry the same log root (else `fork`), an older one must be a
// prefix of its log (an RFC 9162 consistency proof from its own server; else
// `inconsistent`).
import { concat, equalBytes, u64 } from "./bytes";
import type { TreeHead } from "./head";
import { verifyLogConsistency } from "./log-tree";
import { KeyTransparencyRefused } from "./verify";
import { MalformedKeyTransparency } from "./wire";

export const SEEN_HEAD_BYTES = 40;

export interface SeenHead {
  epoch: number;
  logRoot: Uint8Array;
}

export function encodeSeenHead(head: Pick<TreeHead, "epoch" | "logRoot">): Uint8Array {
  return concat(u64(head.epoch), head.logRoot);
}

/** Throws MalformedKeyTransparency for another length or an epoch that is no epoch. */
export function decodeSeenHead(bytes: Uint8Array): SeenHead {
  if (bytes.length !== SEEN_HEAD_BYTES)
    throw new MalformedKeyTransparency(`a seen head is ${SEEN_HEAD_BYTES} bytes`);
  const epoch = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);
  if (epoch < 1n || epoch > BigInt(Number.MAX_SAFE_INTEGER))
    throw new MalformedKeyTransparency("a seen head's epoch is out of range");
  return { epoch: Number(epoch), logRoot: bytes.slice(8) };
}

/**
 * Checks `seen` (another device's head, of an epoch no later than `mine`) against this
 * device's head: the same log root at the same epoch, or a prefix of this log by
 * `proof` (consistency from `seen.epoch` to `mine.epoch`). Throws KeyTransparencyRefused
 * `fork` or `inconsistent`.
 */
export function verifySeenHead(
  mine: Pick<TreeHead, "epoch" | "logRoot">,
  seen: SeenHead,
  proof: readonly Uint8Array[],
): void {
  if (seen.epoch > mine.epoch) throw new RangeError("the seen head is newer than this one");
  if (seen.epoch === mine.epoch) {
    if (!equalBytes(seen.logRoot, mine.logRoot))
      throw new KeyTransparencyRefused(
        "fork",
        `another device saw a different head for epoch ${seen.epoch}`,
      );
    return;
  }
  if (!verifyLogConsistency(seen.epoch, mine.epoch, seen.logRoot, mine.logRoot, proof))
    throw new KeyTransparencyRefused(
      "inconsistent",
      `the log another device saw at epoch ${seen.epoch} is not a prefix of this device's at epoch ${mine.epoch}`,
    );
}
