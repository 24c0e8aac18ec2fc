// What the /v1 key-transparency operations answer: the published head (with the proof
// that it is its log's last entry, and consistency from a head the client holds), heads
// for witnesses and auditors, an epoch's changes, and the proof of one account's binding.
import { ktBindings, ktHeads, ktRosterLeaves, ktSeenLeaves } from "@notes/db";
import {
  compareBytes,
  headToJson,
  type LookupProofJson,
  logConsistencyProof,
  logInclusionProof,
  lookupProofToJson,
  type SignedHeadJson,
  toBase64,
} from "@notes/keytrans";
import { and, asc, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import type { Caller } from "../types";
import { directoryAt, type HeadRow, headRows, newestHeads, signedHead } from "./directory";

const noHead = () => new DomainError("no-tree-head", "No key-transparency head is published yet.");
const notLogged = () =>
  new DomainError("user-not-found", "No binding of that account is in the published log.");

const memo = new Map<string, string[]>();
async function logProof(core: Core, kind: "in" | "from", m: number, n: number): Promise<string[]> {
  const key = `${kind}:${m}:${n}`;
  let proof = memo.get(key);
  if (!proof) {
    const leaves = (await directoryAt(core, n)).leaves.slice(0, n);
    proof = (kind === "in" ? logInclusionProof(m, leaves) : logConsistencyProof(m, leaves)).map(
      toBase64,
    );
    if (memo.size > 4096) memo.clear();
    memo.set(key, proof);
  }
  return proof;
}

export interface PublishedHead {
  head: SignedHeadJson;
  /** RFC 9162 inclusion of this head's log leaf (index epoch − 1) in its own log. */
  headInLog: string[];
  /** RFC 9162 consistency from the log at `since` to this head's, when asked. */
  consistency?: string[];
}

async function withProofs(core: Core, row: HeadRow, since?: number): Promise<PublishedHead> {
  const head = headToJson(await signedHead(core, row));
  const headInLog = await logProof(core, "in", row.epoch - 1, row.epoch);
  if (since === undefined || since > row.epoch) return { head, headInLog };
  return { head, headInLog, consistency: await logProof(core, "from", since, row.epoch) };
}

/** The newest head witnesses published; `since`: the epoch of the head the client holds. */
export async function publishedHead(core: Core, since?: number): Promise<PublishedHead> {
  const { published } = await newestHeads(core);
  if (!published) throw noHead();
  return withProofs(core, published, since);
}

/** Heads after `after`, oldest first, published or not (witnesses cosign the newest). */
export async function headsAfter(
  core: Core,
  after: number,
  limit: number,
): Promise<PublishedHead[]> {
  const list = await core.db
    .select()
    .from(ktHeads)
    .where(gt(ktHeads.epoch, after))
    .orderBy(asc(ktHeads.epoch))
    .limit(limit);
  return Promise.all(list.map((row) => withProofs(core, row)));
}

/** RFC 9162 consistency between the logs of two epochs. */
export async function consistencyBetween(core: Core, from: number, to: number): Promise<string[]> {
  const [row] = await headRows(core, [to]);
  if (!row || from > to) throw noHead();
  return logProof(core, "from", from, to);
}

/** The leaves an epoch set, by index: all an auditor needs to rebuild the tree. */
export async function epochChanges(core: Core, epoch: number) {
  const [row] = await headRows(core, [epoch]);
  if (!row) throw noHead();
  const bindings = await core.db
    .select({ index: ktBindings.vrfIndex, commitment: ktBindings.commitment })
    .from(ktBindings)
    .where(eq(ktBindings.epoch, epoch));
  const rosters = await core.db
    .select({ index: ktRosterLeaves.vrfIndex, commitment: ktRosterLeaves.commitment })
    .from(ktRosterLeaves)
    .where(eq(ktRosterLeaves.epoch, epoch));
  const seen = await core.db
    .select({ index: ktSeenLeaves.vrfIndex, commitment: ktSeenLeaves.commitment })
    .from(ktSeenLeaves)
    .where(eq(ktSeenLeaves.epoch, epoch));
  // Accounts', rosters' and seen heads' leaves alike, by index: the tree does not tell them apart.
  return [...bindings, ...rosters, ...seen]
    .sort((a, b) => compareBytes(a.index, b.index))
    .map((c) => ({ index: toBase64(c.index), commitment: toBase64(c.commitment) }));
}

/** The proof of `accountId`'s binding in the published tree; undefined when not logged. */
export async function findLookupProof(
  core: Core,
  accountId: string,
): Promise<LookupProofJson | undefined> {
  const { published } = await newestHeads(core);
  if (!published) return undefined;
  const [binding] = await core.db
    .select()
    .from(ktBindings)
    .where(and(eq(ktBindings.accountId, accountId), lte(ktBindings.epoch, published.epoch)))
    .orderBy(desc(ktBindings.version))
    .limit(1);
  if (!binding) return undefined;
  const tree = (await directoryAt(core, published.epoch)).trees.get(published.epoch);
  if (!tree) return undefined;
  return lookupProofToJson({
    epoch: published.epoch,
    vrfProof: binding.vrfProof,
    opening: binding.opening,
    binding: {
      version: binding.version,
      prev: binding.prev,
      ...(binding.publicKey && { publicKey: binding.publicKey }),
      ...(binding.signingPublicKey && { signingPublicKey: binding.signingPublicKey }),
    },
    siblings: tree.prove(binding.vrfIndex).siblings,
  });
}

/**
 * `items` with the proof of each one's keys attached as `keyTransparency` where the
 * published log holds exactly the keys listed (the roster's and the bridge's member
 * keys, issue 34): one read for all, then a walk of this instance's tree each.
 */
export async function withLookupProofs<
  T extends { userId: string; publicKey?: string; signingPublicKey?: string },
>(core: Core, items: T[]): Promise<(T & { keyTransparency?: LookupProofJson })[]> {
  const ids = [...new Set(items.filter((i) => i.publicKey).map((i) => i.userId.toLowerCase()))];
  if (ids.length === 0) return items;
  const { published } = await newestHeads(core);
  if (!published) return items;
  const tree = (await directoryAt(core, published.epoch)).trees.get(published.epoch);
  if (!tree) return items;
  const latest = await core.db
    .selectDistinctOn([ktBindings.accountId])
    .from(ktBindings)
    .where(and(inArray(ktBindings.accountId, ids), lte(ktBindings.epoch, published.epoch)))
    .orderBy(ktBindings.accountId, desc(ktBindings.version));
  const byId = new Map(latest.map((b) => [b.accountId.toLowerCase(), b]));
  return items.map((item) => {
    const b = byId.get(item.userId.toLowerCase());
    if (!b) return item;
    const proof = lookupProofToJson({
      epoch: published.epoch,
      vrfProof: b.vrfProof,
      opening: b.opening,
      binding: {
        version: b.version,
        prev: b.prev,
        ...(b.publicKey && { publicKey: b.publicKey }),
        ...(b.signingPublicKey && { signingPublicKey: b.signingPublicKey }),
      },
      siblings: tree.prove(b.vrfIndex).siblings,
    });
    const same =
      proof.publicKey === item.publicKey && proof.signingPublicKey === item.signingPublicKey;
    return same ? { ...item, keyTransparency: proof } : item;
  });
}

export async function lookupProof(core: Core, accountId: string): Promise<LookupProofJson> {
  const proof = await findLookupProof(core, accountId);
  if (!proof) throw notLogged();
  return proof;
}

/**
 * Every version of the caller's own binding that the published log holds, oldest first,
 * with openings: what self-audit checks (each version's keys are the account's own,
 * and each names the one before).
 */
export async function ownBindingHistory(core: Core, caller: Caller, accountId: string) {
  if (accountId.toLowerCase() !== caller.accountId.toLowerCase()) throw notLogged();
  const { published } = await newestHeads(core);
  if (!published) throw noHead();
  const versions = await core.db
    .select()
    .from(ktBindings)
    .where(and(eq(ktBindings.accountId, caller.accountId), lte(ktBindings.epoch, published.epoch)))
    .orderBy(asc(ktBindings.version));
  return versions.map((b) => ({
    version: b.version,
    epoch: b.epoch,
    ...(b.publicKey && { publicKey: toBase64(b.publicKey) }),
    ...(b.signingPublicKey && { signingPublicKey: toBase64(b.signingPublicKey) }),
    prev: toBase64(b.prev),
    opening: toBase64(b.opening),
  }));
}
