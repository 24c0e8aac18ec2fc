// The auditor (issue 34): replays a server's public log from epoch 1 and checks every
// head: the server's signature, epochs one apart with time never going back, the same
// server keys throughout, the tree root rebuilt from the epoch's published changes
// (which name no account), and the log root rebuilt from every head so far. Anyone can
// run it; it needs no account. An epoch's changes are fetched a few epochs ahead of the
// one being checked (a long log is thousands of requests), and still checked in order.
import { compareBytes, equalBytes, toHex } from "./bytes";
import { configDigest, headLogLeaf, verifyCosignature } from "./head";
import type { LogReader, ServedHead } from "./log-reader";
import { LogFrontier } from "./log-tree";
import { PrefixTree } from "./prefix-tree";
import { verifyHeadInLog, verifySignedHead } from "./verify";

type Change = { index: Uint8Array; commitment: Uint8Array };

export interface AuditReport {
  epochs: number;
  leaves: number;
  treeRoot: string;
  logRoot: string;
  /** Heads cosigned by at least one witness key, by key (hex). */
  cosignedBy: Record<string, number>;
}

export class AuditFailed extends Error {
  override name = "AuditFailed";
  constructor(
    readonly epoch: number,
    message: string,
  ) {
    super(`epoch ${epoch}: ${message}`);
  }
}

/** How many epochs' changes are requested ahead of the one being checked. */
const FETCH_AHEAD = 8;

export async function auditLog(
  reader: LogReader,
  onEpoch?: (epoch: number) => void,
): Promise<AuditReport> {
  let tree = PrefixTree.empty();
  const frontier = new LogFrontier();
  const indices = new Set<string>();
  const cosignedBy: Record<string, number> = {};
  let config: Uint8Array | undefined;
  let lastTimestamp = 0;
  for (;;) {
    const page = await reader.headsAfter(frontier.size);
    if (page.length === 0) break;
    const fetched: Promise<Change[]>[] = [];
    const fetchUpTo = (i: number) => {
      for (let j = fetched.length; j <= Math.min(i, page.length - 1); j++) {
        const p = reader.changes((page[j] as ServedHead).head.epoch);
        p.catch(() => {}); // awaited in order below; an early failure is not unhandled
        fetched.push(p);
      }
    };
    for (const [i, { head, headInLog }] of page.entries()) {
      fetchUpTo(i + FETCH_AHEAD);
      const fail = (why: string) => new AuditFailed(head.epoch, why);
      if (head.epoch !== frontier.size + 1) throw fail(`expected epoch ${frontier.size + 1}`);
      try {
        verifySignedHead(head, { witnesses: [], threshold: 0 });
        verifyHeadInLog(head, headInLog);
      } catch (error) {
        throw fail((error as Error).message);
      }
      const digest = configDigest(head.headPublicKey, head.vrfPublicKey);
      if (config && !equalBytes(config, digest)) throw fail("the server's keys changed");
      config = digest;
      if (head.timestamp < lastTimestamp) throw fail("its time is before the last head's");
      lastTimestamp = head.timestamp;
      const changes = await (fetched[i] as Promise<Change[]>);
      for (let i = 1; i < changes.length; i++) {
        if (
          compareBytes(
            (changes[i - 1] as { index: Uint8Array }).index,
            (changes[i] as { index: Uint8Array }).index,
          ) >= 0
        )
          throw fail("its changes set one index twice");
      }
      for (const c of changes) indices.add(toHex(c.index));
      tree = tree.with(changes);
      if (!equalBytes(tree.root, head.treeRoot))
        throw fail("its tree root is not what its changes build");
      frontier.push(headLogLeaf(head));
      if (!equalBytes(frontier.root(), head.logRoot))
        throw fail("its log root is not the log of every head so far");
      for (const c of head.cosignatures) {
        if (!verifyCosignature(head, c))
          throw fail(`a cosignature by ${toHex(c.witness)} does not verify`);
        const key = toHex(c.witness);
        cosignedBy[key] = (cosignedBy[key] ?? 0) + 1;
      }
      onEpoch?.(head.epoch);
    }
  }
  return {
    epochs: frontier.size,
    leaves: indices.size,
    treeRoot: toHex(tree.root),
    logRoot: toHex(frontier.root()),
    cosignedBy,
  };
}
