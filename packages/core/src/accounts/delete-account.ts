// Account deletion after re-verifying the caller's auth key. Sessions and other
// owned rows go with the account through ON DELETE CASCADE. A live subscription
// is cancelled on Stripe first: if Stripe cannot be reached the deletion is
// refused (503 billing-unavailable, retry later) rather than leave someone
// paying for an account that no longer exists.
import { accounts, rows } from "@notes/db";
import { eq, sql } from "drizzle-orm";
import { forgetChunks } from "../attachments/attachment-record";
import { readBilling } from "../billing/billing-store";
import { cancelOnStripe } from "../billing/cancel-subscription";
import type { Core } from "../core";
import { credentialRejected } from "../errors";
import { scryptMatches } from "../shared/secrets";
import type { Caller } from "../types";
import { getAccountRow } from "./find-account";
import { isLiveStatus } from "./tier";

export async function deleteAccount(
  core: Core,
  caller: Caller,
  authKey: Uint8Array,
): Promise<void> {
  const row = await getAccountRow(core.db, caller.accountId);
  if (!(await scryptMatches(authKey, row.hashSalt, row.authHash))) throw credentialRejected();
  await endSubscription(core, row.id);
  // The account's attachments go with its notes by cascade; chunks held in an object
  // store are let go of after (chunk-store.ts), from the list taken before.
  const attached = await rows<{ id: string; chunk_count: number; store: "postgres" | "s3" }>(
    core.db,
    sql`select id, chunk_count, store from attachments where owner_id = ${row.id} and store <> 'postgres'`,
  );
  await core.db.delete(accounts).where(eq(accounts.id, row.id));
  await forgetChunks(
    core,
    attached.map((a) => ({ id: a.id, chunkCount: a.chunk_count, store: a.store })),
  );
  core.sessionCache?.forgetAccount(row.id);
}

async function endSubscription(core: Core, accountId: string): Promise<void> {
  const billing = await readBilling(core.db, accountId);
  const subscriptionId = billing?.subscriptionId;
  if (!subscriptionId || !billing || !isLiveStatus(billing.status)) return;
  // Webhooks alone (no secret key) can make a subscription live; with billing
  // off it cannot be cancelled from here, and deletion must still be possible.
  if (!core.config.billing?.secretKey) {
    core.log.error(
      { accountId, subscriptionId },
      "deleted account's subscription is still live: cancel it in the Stripe dashboard",
    );
    return;
  }
  await cancelOnStripe(core, subscriptionId);
}
