// Stripe's side of a webhook, for the billing tests and the fake Stripe's checkout
// page alike: the objects Stripe puts in events (shaped as the current API version
// shapes them), events around them, the `Stripe-Signature` the SDK itself computes,
// a delivery as Stripe POSTs it, and a whole checkout as Stripe reports it.
import { randomBytes, randomUUID } from "node:crypto";
// The very SDK the server uses, for Stripe's own test signatures.
import { Stripe } from "@notes/core/billing/stripe-client";
import type { FakeStripe } from "./fake-stripe";

/** The endpoint secret the billing tests' servers are started with. */
export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString("base64url")}`;

type Json = Record<string, unknown>;

let eventCounter = 0;
export const now = () => Math.floor(Date.now() / 1000);

export interface SubscriptionSpec {
  id: string;
  customer: string;
  status: string;
  accountId?: string;
  plan?: "monthly" | "yearly";
  cancelAtPeriodEnd?: boolean;
  /** Unix seconds. */
  periodEnd?: number;
}

/** A subscription as the current API version shapes it (period on the item). */
export function subscriptionObject(spec: SubscriptionSpec): Json {
  const plan = spec.plan ?? "monthly";
  return {
    id: spec.id,
    object: "subscription",
    customer: spec.customer,
    status: spec.status,
    cancel_at_period_end: spec.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: spec.accountId ? { accountId: spec.accountId, plan } : {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${spec.id}`,
          object: "subscription_item",
          current_period_end: spec.periodEnd ?? now() + 30 * 86_400,
          price: {
            id: `price_${plan}`,
            object: "price",
            currency: "usd",
            unit_amount: 400,
            recurring: { interval: plan === "monthly" ? "month" : "year", interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function checkoutSessionObject(o: {
  accountId: string;
  customer: string;
  subscription: string;
  id?: string;
}): Json {
  return {
    id: o.id ?? `cs_test_${randomUUID()}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    client_reference_id: o.accountId,
    customer: o.customer,
    subscription: o.subscription,
    metadata: { accountId: o.accountId },
  };
}

export function invoiceObject(o: {
  customer: string;
  subscription: string;
  accountId?: string;
}): Json {
  return {
    id: `in_${randomUUID()}`,
    object: "invoice",
    customer: o.customer,
    parent: {
      type: "subscription_details",
      subscription_details: {
        subscription: o.subscription,
        metadata: o.accountId ? { accountId: o.accountId } : {},
      },
    },
  };
}

export function stripeEvent(type: string, object: Json, o: { id?: string; created?: number } = {}) {
  eventCounter += 1;
  return {
    id: o.id ?? `evt_${Date.now().toString(36)}${eventCounter}${randomBytes(4).toString("hex")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: o.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Stripe's signature header for `payload`, by the SDK's own test helper. */
export function signature(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
}

/** POSTs a webhook as Stripe does; `sign: false` leaves the signature off. */
export async function deliver(
  baseUrl: string,
  event: Json | string,
  options: { sign?: boolean; header?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  const header =
    options.header ?? (options.sign === false ? undefined : signature(payload, options));
  if (header !== undefined) headers["Stripe-Signature"] = header;
  const res = await fetch(`${baseUrl}/v1/billing/webhooks`, {
    method: "POST",
    headers,
    body: payload,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

/**
 * Takes an account through checkout the way Stripe reports it: the subscription's
 * `created` event, then the completed session. The fake learns the subscription.
 * The fake's own checkout page does the same when a person presses "Pay".
 */
export async function subscribe(
  baseUrl: string,
  accountId: string,
  options: {
    status?: string;
    plan?: "monthly" | "yearly";
    fake?: FakeStripe;
    /** Reuses a subscription (paying twice is one subscription) and names the session. */
    subscriptionId?: string;
    customer?: string;
    sessionId?: string;
    secret?: string;
  } = {},
): Promise<SubscriptionSpec> {
  const plan = options.plan ?? "monthly";
  const spec: SubscriptionSpec = {
    id: options.subscriptionId ?? `sub_${randomBytes(8).toString("hex")}`,
    customer: options.customer ?? `cus_${randomBytes(8).toString("hex")}`,
    status: options.status ?? "active",
    accountId,
    plan,
    // A year ahead for a yearly plan; subscriptionObject's default month otherwise.
    ...(plan === "yearly" && { periodEnd: now() + 365 * 86_400 }),
  };
  options.fake?.subscriptions.set(spec.id, subscriptionObject(spec));
  const secret = options.secret ?? options.fake?.webhookSecret;
  const sent = { ...(secret !== undefined && { secret }) };
  const created = await deliver(
    baseUrl,
    stripeEvent("customer.subscription.created", subscriptionObject(spec), { created: now() - 2 }),
    sent,
  );
  const completed = await deliver(
    baseUrl,
    stripeEvent(
      "checkout.session.completed",
      checkoutSessionObject({
        accountId,
        customer: spec.customer,
        subscription: spec.id,
        ...(options.sessionId !== undefined && { id: options.sessionId }),
      }),
      { created: now() - 1 },
    ),
    sent,
  );
  if (created.status !== 200 || completed.status !== 200)
    throw new Error(`webhooks refused: ${created.text} ${completed.text}`);
  return spec;
}
