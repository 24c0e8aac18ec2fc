// POST /v1/billing/webhooks (contract.md §8, §11). The signature is checked by the
// SDK over the exact bytes received, with a 300 s tolerance. A missing header is
// refused before anything else, so only a signed-looking request learns whether
// webhooks are configured (503 without STRIPE_WEBHOOK_SECRET). Each event id is
// recorded in the transaction that applies it: ten parallel deliveries of one
// event wait on that row, and nine find it taken (ids older than Stripe's retry
// window are pruned: prune-events.ts). Unknown types, events for no
// known account, duplicates and stale events are all acknowledged with 200.
import { billingEvents } from "@notes/db";
import type { Core } from "../core";
import { invalidRequest } from "../errors";
import { billingUnavailable } from "./billing-errors";
import { accountOf, readBilling, writeBilling } from "./billing-store";
import { factsOf } from "./event-facts";
import { nextBilling, type Outcome } from "./next-billing";
import { pruneBillingEvents } from "./prune-events";
import { undoSecondSubscription } from "./second-subscription";
import { Stripe } from "./stripe-client";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookReceipt {
  received: true;
  outcome: Outcome;
}

const signatureProblem = (detail: string) =>
  invalidRequest([{ pointer: "#/header/Stripe-Signature", detail }], detail);

export async function receiveWebhook(
  core: Core,
  payload: Uint8Array | undefined,
  signature: string | null,
): Promise<WebhookReceipt> {
  if (!signature) throw signatureProblem("The Stripe-Signature header is missing.");
  // Only the REST route passes the exact bytes; nothing else can be verified.
  if (!payload) throw signatureProblem("The payload must be the exact bytes Stripe sent.");
  const secret = core.config.billing?.webhookSecret;
  if (!secret) throw billingUnavailable("Webhooks are not configured on this server.");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      Buffer.from(payload),
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw signatureProblem("The Stripe-Signature header does not verify, or it is too old.");
  }
  const facts = factsOf(event.type, (event.data as { object?: unknown } | undefined)?.object);
  if (!facts || typeof event.id !== "string" || !Number.isInteger(event.created))
    return { received: true, outcome: "ignored" };

  const outcome = await core.db.transaction(async (tx): Promise<Outcome> => {
    const fresh = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (fresh.length === 0) return "duplicate";
    const accountId = await accountOf(tx, facts);
    const stored = accountId && (await readBilling(tx, accountId, true));
    if (!accountId || !stored) return "ignored";
    const { outcome, next } = nextBilling(stored, facts, event.created);
    if (outcome === "applied") await writeBilling(tx, accountId, stored, next);
    return outcome;
  });
  core.log.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
  if (outcome === "second-subscription" && facts.subscriptionId)
    await undoSecondSubscription(core, facts.subscriptionId, facts.accountId);
  await pruneBillingEvents(core);
  return { received: true, outcome };
}
