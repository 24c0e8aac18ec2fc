// Reads what billing needs out of a verified Stripe event (contract.md §8 types).
// The objects are parsed with zod rather than trusted to the SDK's types: the
// webhook endpoint's API version may differ from the SDK's, so both shapes are
// read (a subscription's period end on the item since 2025, on the subscription
// before; an invoice's subscription under `parent` since 2025, at the top before).
import { z } from "zod";
import { PLANS } from "./config";
import type { BillingFacts, SubscriptionSnapshot } from "./next-billing";

/** An id, or the expanded object carrying it. */
const ref = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();
const seconds = z.number().int().nonnegative();

const subscriptionObject = z.object({
  id: z.string().min(1),
  customer: ref.nullish(),
  status: z.string().min(1).max(64),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: seconds.nullish(),
  current_period_end: seconds.nullish(),
  metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: seconds.nullish(),
          price: z.object({ recurring: z.object({ interval: z.string() }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

const checkoutSession = z.object({
  client_reference_id: z.string().nullish(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
  metadata,
});

const invoice = z.object({
  customer: ref.nullish(),
  subscription: ref.nullish(),
  subscription_details: z.object({ metadata }).nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: ref.nullish(), metadata }).nullish(),
    })
    .nullish(),
});

const accountIdOf = (...candidates: (string | null | undefined)[]) =>
  candidates.find((c) => z.uuid().safeParse(c).success) ?? undefined;

const optional = <T>(v: T | null | undefined): T | undefined => v ?? undefined;

export type SubscriptionObject = z.infer<typeof subscriptionObject>;

export function snapshotOf(sub: SubscriptionObject): SubscriptionSnapshot {
  const item = sub.items?.data[0];
  const periodEnd = sub.current_period_end ?? item?.current_period_end ?? undefined;
  const interval = item?.price?.recurring?.interval;
  const fromInterval =
    interval === "month" ? "monthly" : interval === "year" ? "yearly" : undefined;
  const fromMetadata = PLANS.find((p) => p === sub.metadata?.plan);
  return {
    status: sub.status,
    ...((fromInterval ?? fromMetadata) && { plan: fromInterval ?? fromMetadata }),
    // A cancellation scheduled for the period's end, however it was asked for
    // (the portal may set `cancel_at` to the period end instead of the flag).
    cancelAtPeriodEnd:
      sub.cancel_at_period_end === true ||
      (periodEnd !== undefined && sub.cancel_at !== null && sub.cancel_at === periodEnd),
    ...(periodEnd !== undefined && { currentPeriodEnd: new Date(periodEnd * 1000) }),
  };
}

/** Parses a subscription as the API returns it (subscriptions.update). */
export function parseSubscription(object: unknown): SubscriptionObject | undefined {
  const parsed = subscriptionObject.safeParse(object);
  return parsed.success ? parsed.data : undefined;
}

/** The facts of a handled event; undefined for other types or an unreadable object. */
export function factsOf(type: string, object: unknown): BillingFacts | undefined {
  switch (type) {
    case "checkout.session.completed": {
      const s = checkoutSession.safeParse(object);
      if (!s.success) return undefined;
      return {
        kind: "checkout",
        accountId: accountIdOf(s.data.client_reference_id, s.data.metadata?.accountId),
        customerId: optional(s.data.customer),
        subscriptionId: optional(s.data.subscription),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = parseSubscription(object);
      if (!sub) return undefined;
      return {
        kind: "subscription",
        accountId: accountIdOf(sub.metadata?.accountId),
        customerId: optional(sub.customer),
        subscriptionId: sub.id,
        snapshot: snapshotOf(sub),
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const inv = invoice.safeParse(object);
      if (!inv.success) return undefined;
      const details = inv.data.parent?.subscription_details;
      return {
        kind: "invoice",
        paid: type === "invoice.paid",
        accountId: accountIdOf(
          details?.metadata?.accountId,
          inv.data.subscription_details?.metadata?.accountId,
        ),
        customerId: optional(inv.data.customer),
        subscriptionId: optional(details?.subscription ?? inv.data.subscription),
      };
    }
    default:
      return undefined;
  }
}
