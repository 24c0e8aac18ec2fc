// A second live subscription (two checkouts paid in a race, next-billing.ts) is
// never adopted. The webhook then undoes it on Stripe: cancels it, voids what it
// still has open, and refunds what it was paid, so no one is charged twice for
// one account. Each refund carries an idempotency key per payment, so a repeated
// delivery refunds nothing again. Never fails the delivery: whatever cannot be
// done is logged with what the operator has to do by hand.
import type { Core } from "../core";
import { cancelOnStripe } from "./cancel-subscription";
import { callStripe, type Stripe, stripeApi } from "./stripe-client";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** What a payment is refunded by: its PaymentIntent, or a charge without one. */
function refundTarget(payment: Stripe.InvoicePayment.Payment) {
  const paymentIntent = idOf(payment.payment_intent);
  if (payment.type === "payment_intent" && paymentIntent) return { payment_intent: paymentIntent };
  const charge = idOf(payment.charge);
  if (payment.type === "charge" && charge) return { charge };
  return undefined;
}

interface Settled {
  refunded: number;
  voided: number;
}

async function settleInvoices(core: Core, subscriptionId: string): Promise<Settled> {
  const stripe = stripeApi(core.config);
  const settled: Settled = { refunded: 0, voided: 0 };
  const invoices = await callStripe(core, "invoices.list", () =>
    stripe.invoices.list({ subscription: subscriptionId, limit: 20 }),
  );
  for (const invoice of invoices.data) {
    if (!invoice.id) continue;
    const invoiceId = invoice.id;
    if (invoice.status === "open") {
      await callStripe(core, "invoices.voidInvoice", () => stripe.invoices.voidInvoice(invoiceId));
      settled.voided += 1;
      continue;
    }
    if (invoice.status !== "paid" || !invoice.amount_paid) continue;
    const payments = await callStripe(core, "invoicePayments.list", () =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 20 }),
    );
    for (const payment of payments.data) {
      const target = refundTarget(payment.payment);
      if (!target) continue;
      await callStripe(core, "refunds.create", () =>
        stripe.refunds.create(
          { ...target, reason: "duplicate", metadata: { subscriptionId, invoiceId } },
          { idempotencyKey: `second-subscription-refund-${payment.id}` },
        ),
      );
      settled.refunded += payment.amount_paid ?? 0;
    }
  }
  return settled;
}

/** The webhook's follow-up to a `second-subscription` outcome. */
export async function undoSecondSubscription(
  core: Core,
  subscriptionId: string,
  accountId?: string,
): Promise<void> {
  const context = { subscriptionId, accountId };
  try {
    await cancelOnStripe(core, subscriptionId);
  } catch {
    core.log.error(
      context,
      "second live subscription could not be cancelled: cancel it and refund its invoices in the Stripe dashboard",
    );
    return;
  }
  try {
    const { refunded, voided } = await settleInvoices(core, subscriptionId);
    core.log.warn(
      { ...context, refunded, voided },
      "second live subscription cancelled, its payments refunded and open invoices voided",
    );
  } catch {
    core.log.error(
      context,
      "second live subscription cancelled, but its invoices could not be settled: refund them in the Stripe dashboard",
    );
  }
}
