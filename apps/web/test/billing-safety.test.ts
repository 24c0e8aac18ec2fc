// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Billing's guards against charging someone twice or for nothing: parallel
// checkout starts give one Stripe session; a second live subscription (two
// checkouts paid in a race) is never adopted, and is cancelled on Stripe with its
// payments refunded and its open invoices voided; deleting
// an account cancels its live subscription first, and is refused (503) while
// Stripe cannot be reached, so no one goes on paying for a deleted account.

import { type FakeStripe, STRIPE_KEY, startFakeStripe } from "@notes/test-support/fake-stripe";
import {
  deliver,
  stripeEvent,
  subscribe,
  subscriptionObject,
  WEBHOOK_SECRET,
} from "@notes/test-support/stripe-webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./support/accounts";
import { type ApiResponse, Client } from "./support/api";
import { type BillingServer, startBillingServer } from "./support/billing-server";

let fake: FakeStripe;
let billing: BillingServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  billing = await startBillingServer("billing-safety", {
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
}, 180_000);

afterAll(async () => {
  await billing?.stop();
  await fake?.close();
});

const newUser = () => signUp(undefined, new Client(undefined, undefined, billing.url));
const call = (user: SignedUp, method: string, path: string, body?: unknown) =>
  user.client.call(method, path, { token: user.token, ...(body !== undefined && { body }) });
const account = async (user: SignedUp) => (await call(user, "GET", "/v1/account")).body;
const refundsOf = (payment: string) =>
  fake.refunds.filter((r) => r.payment_intent === payment || r.charge === payment);

/** A paid invoice of `subscription` in the fake, with the payment (intent or bare charge) that paid it. */
function paidInvoice(subscription: string, amount: number, via: "intent" | "charge" = "intent") {
  const invoiceId = `in_${subscription}_${fake.invoices.size}`;
  const paymentIntent = `${via === "intent" ? "pi" : "ch"}_${invoiceId}`;
  fake.invoices.set(invoiceId, {
    id: invoiceId,
    object: "invoice",
    subscription,
    status: "paid",
    amount_paid: amount,
  });
  fake.invoicePayments.push({
    id: `inpay_${invoiceId}`,
    object: "invoice_payment",
    invoice: invoiceId,
    status: "paid",
    amount_paid: amount,
    payment:
      via === "intent"
        ? { type: "payment_intent", payment_intent: paymentIntent }
        : { type: "charge", charge: paymentIntent },
  });
  return { invoiceId, paymentIntent };
}

const cancels = (id: string) =>
  fake.calls.filter((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${id}`);

function expectProblem(res: ApiResponse, status: number, slug: string) {
  expect({ status: res.status, type: res.body.type }, res.text).toEqual({
    status,
    type: `${billing.url}/problems/${slug}`,
  });
  expect(res.headers.get("content-type")).toBe("application/problem+json");
}

describe("parallel checkout", () => {
  it("gives ten simultaneous starts of one plan a single Stripe session", async () => {
    const user = await newUser();
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly", currency: "eur" }),
      ),
    );
    expect(starts.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(starts.map((r) => r.body.url)).size).toBe(1);
    // Another plan is another session; once subscribed, no session at all.
    const yearly = await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "yearly" });
    expect(yearly.body.url).not.toBe(starts[0]?.body.url);
    await subscribe(billing.url, user.accountId, { fake });
    expectProblem(
      await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" }),
      409,
      "subscription-active",
    );
  });

  it("cancels a second live subscription on Stripe, refunds what it was paid and keeps the first", async () => {
    const user = await newUser();
    const first = await subscribe(billing.url, user.accountId, { fake });
    const before = await account(user);
    const second = { ...first, id: `${first.id}_2`, plan: "yearly" as const };
    fake.subscriptions.set(second.id, subscriptionObject(second));
    const firstPaid = paidInvoice(first.id, 400);
    const secondPaid = paidInvoice(second.id, 4_800);
    const secondCharged = paidInvoice(second.id, 4_800, "charge");
    const secondOpen = { id: `in_open_${second.id}`, subscription: second.id, status: "open" };
    fake.invoices.set(secondOpen.id, secondOpen);
    const created = stripeEvent("customer.subscription.created", subscriptionObject(second));
    const res = await deliver(billing.url, created);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("second-subscription");
    expect(cancels(second.id)).toHaveLength(1);
    expect(cancels(first.id)).toHaveLength(0);
    expect(fake.subscriptions.get(second.id)?.status).toBe("canceled");
    expect(refundsOf(secondPaid.paymentIntent)).toEqual([
      expect.objectContaining({
        reason: "duplicate",
        metadata: { subscriptionId: second.id, invoiceId: secondPaid.invoiceId },
      }),
    ]);
    expect(refundsOf(secondCharged.paymentIntent)).toEqual([
      expect.objectContaining({ charge: secondCharged.paymentIntent, payment_intent: null }),
    ]);
    expect(refundsOf(firstPaid.paymentIntent)).toEqual([]);
    expect(fake.invoices.get(secondOpen.id)?.status).toBe("void");
    expect(fake.invoices.get(firstPaid.invoiceId)?.status).toBe("paid");
    expect(await account(user)).toEqual(before);
    // Stripe's next event about it undoes it again: the refund's idempotency key
    // makes that a replay, not a second refund.
    fake.subscriptions.set(second.id, subscriptionObject(second));
    const again = await deliver(
      billing.url,
      stripeEvent("customer.subscription.updated", subscriptionObject(second)),
    );
    expect(again.body.outcome).toBe("second-subscription");
    expect(refundsOf(secondPaid.paymentIntent)).toHaveLength(1);
    expect(refundsOf(secondCharged.paymentIntent)).toHaveLength(1);
    // Its own `deleted` event, when Stripe sends it, changes nothing either.
    const ended = await deliver(
      billing.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...second, status: "canceled" }),
      ),
    );
    expect(ended.body.outcome).toBe("ignored");
    expect((await account(user)).tier).toBe("subscribed");
  });

  it("answers the delivery even when the refund fails, and still cancels", async () => {
    const user = await newUser();
    const first = await subscribe(billing.url, user.accountId, { fake });
    const second = { ...first, id: `${first.id}_2` };
    fake.subscriptions.set(second.id, subscriptionObject(second));
    const paid = paidInvoice(second.id, 400);
    fake.failPath = "/v1/refunds";
    try {
      const res = await deliver(
        billing.url,
        stripeEvent("customer.subscription.created", subscriptionObject(second)),
      );
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe("second-subscription");
    } finally {
      fake.failPath = undefined;
    }
    expect(fake.subscriptions.get(second.id)?.status).toBe("canceled");
    expect(refundsOf(paid.paymentIntent)).toEqual([]);
    expect((await account(user)).tier).toBe("subscribed");
  });
});

describe("deleting a subscribed account", () => {
  it("is refused with 503 while Stripe is down, then cancels the subscription", async () => {
    const user = await newUser();
    const sub = await subscribe(billing.url, user.accountId, { fake });
    fake.failWith = 500;
    try {
      const refused = await call(user, "POST", "/v1/account:delete", {
        authKey: user.credentials.authKey,
      });
      expectProblem(refused, 503, "billing-unavailable");
      expect(refused.text).not.toContain("Something went wrong");
    } finally {
      fake.failWith = undefined;
    }
    expect((await account(user)).tier).toBe("subscribed");
    const deleted = await call(user, "POST", "/v1/account:delete", {
      authKey: user.credentials.authKey,
    });
    expect(deleted.status).toBe(204);
    expect(fake.subscriptions.get(sub.id)?.status).toBe("canceled");
    expect(cancels(sub.id).length).toBeGreaterThanOrEqual(1);
  });

  it("deletes an account whose subscription Stripe no longer knows, and leaves ended ones alone", async () => {
    const unknown = await newUser();
    const sub = await subscribe(billing.url, unknown.accountId); // the fake never heard of it
    const gone = await call(unknown, "POST", "/v1/account:delete", {
      authKey: unknown.credentials.authKey,
    });
    expect(gone.status).toBe(204);
    expect(cancels(sub.id)).toHaveLength(1);

    const lapsed = await newUser();
    const old = await subscribe(billing.url, lapsed.accountId, { fake });
    await deliver(
      billing.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...old, status: "canceled" }),
      ),
    );
    const done = await call(lapsed, "POST", "/v1/account:delete", {
      authKey: lapsed.credentials.authKey,
    });
    expect(done.status).toBe(204);
    expect(cancels(old.id)).toHaveLength(0);
  });
});
