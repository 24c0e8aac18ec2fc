// The proof of an account's logged seen heads (issue 33, item 12): the newest counter and
// digest the published tree holds for the account, or, when it holds none, the proof that
// it holds none (the search path to where the account's index would be). A fresh device
// needs the second as much as the first: without it the server could withhold a copy it
// logged and say there never was one.
import { ktSeenLeaves } from "@notes/db";
import {
  type SeenHeadsProofJson,
  seenHeadsProofToJson,
  seenHeadsVrfInput,
  vrfProve,
} from "@notes/keytrans";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Core } from "../core";
import { ktKeys } from "./config";
import { directoryAt, newestHeads } from "./directory";

/** The account's seen-heads proof under the published head; undefined before any head. */
export async function seenHeadsProof(
  core: Core,
  accountId: string,
): Promise<SeenHeadsProofJson | undefined> {
  const { published } = await newestHeads(core);
  if (!published) return undefined;
  const tree = (await directoryAt(core, published.epoch)).trees.get(published.epoch);
  if (!tree) return undefined;
  const [leaf] = await core.db
    .select()
    .from(ktSeenLeaves)
    .where(and(eq(ktSeenLeaves.accountId, accountId), lte(ktSeenLeaves.epoch, published.epoch)))
    .orderBy(desc(ktSeenLeaves.epoch))
    .limit(1);
  if (leaf) {
    return seenHeadsProofToJson({
      epoch: published.epoch,
      vrfProof: leaf.vrfProof,
      siblings: tree.prove(leaf.vrfIndex).siblings,
      logged: { counter: leaf.counter, digest: leaf.digest, opening: leaf.opening },
    });
  }
  const { proof, output } = vrfProve(ktKeys(core).vrfSecret, seenHeadsVrfInput(accountId));
  const found = tree.prove(output.slice(0, 32));
  return seenHeadsProofToJson({
    epoch: published.epoch,
    vrfProof: proof,
    siblings: found.siblings,
    ...(found.leaf && { other: found.leaf }),
  });
}
