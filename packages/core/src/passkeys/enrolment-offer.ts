// `passkeys.offerEnrolment` of the Account (contract.md §11): made until the
// account declines it or enrols a passkey, and never again after either. Both
// set accounts.passkey_offer_declined, which account-view.ts reads.
import { accounts, type Queryable } from "@notes/db";
import { and, eq } from "drizzle-orm";
import type { Core } from "../core";
import { announce } from "../realtime/announce";
import type { Caller } from "../types";

/** Withdraws the offer; the account's feed hears of it when that changed the profile. */
export async function settleEnrolmentOffer(q: Queryable, accountId: string): Promise<void> {
  const changed = await q
    .update(accounts)
    .set({ passkeyOfferDeclined: true })
    .where(and(eq(accounts.id, accountId), eq(accounts.passkeyOfferDeclined, false)))
    .returning({ id: accounts.id });
  if (changed.length > 0) await announce(q, { e: "account", accountId });
}

/** POST /v1/passkeys:decline; declining again changes nothing. */
export function declineEnrolmentOffer(core: Core, caller: Caller): Promise<void> {
  return core.db.transaction((tx) => settleEnrolmentOffer(tx, caller.accountId));
}
