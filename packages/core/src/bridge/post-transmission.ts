// Creates one transmission and announces it to every live member (interface.md
// §6.1). Writers take one transaction-scoped lock, so seqs are drawn in commit
// order: a client that has seen seq n has seen every transmission below it. The
// lock also makes `requestId` idempotent under racing repeats: the second one
// finds the first's row. A signature block must name the caller; a repeat answers
// the first transmission as it was stored, signature and all.
import { accounts, bridgeMessages } from "@notes/db";
import { and, eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { requireBridgeAccess } from "./access";
import { announceTransmission } from "./announce";
import {
  selectTransmissions,
  type Transmission,
  toTransmission,
  transmissionColumns,
} from "./transmission";

const BRIDGE_LOCK = 7_340_221;

export interface NewTransmission {
  body: Uint8Array;
  epochId: string;
  requestId?: string | null;
  signature?: Uint8Array | null;
}

export async function postTransmission(
  core: Core,
  caller: Caller,
  input: NewTransmission,
): Promise<{ transmission: Transmission; created: boolean }> {
  requireCallerSigned(caller.accountId, [["/signature", input.signature]]);
  await requireBridgeAccess(core.db, caller.accountId);
  return core.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BRIDGE_LOCK})`);
    if (input.requestId) {
      const [earlier] = await selectTransmissions(tx).where(
        and(
          eq(bridgeMessages.authorId, caller.accountId),
          eq(bridgeMessages.requestId, input.requestId.toLowerCase()),
        ),
      );
      if (earlier) return { transmission: toTransmission(earlier), created: false };
    }
    const [row] = await tx
      .insert(bridgeMessages)
      .values({
        authorId: caller.accountId,
        epochId: input.epochId,
        body: input.body,
        signature: input.signature ?? null,
        requestId: input.requestId?.toLowerCase() ?? null,
      })
      .returning(transmissionColumns);
    if (!row) throw new Error("transmission insert returned nothing");
    // The broadcast carries the author's handle too, so members name them at once.
    const [author] = await tx
      .select({ handle: accounts.handle })
      .from(accounts)
      .where(eq(accounts.id, caller.accountId));
    const transmission = toTransmission({ ...row, authorHandle: author?.handle ?? null });
    await announceTransmission(tx, transmission);
    return { transmission, created: true };
  });
}
