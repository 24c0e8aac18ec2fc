// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Billing operations (interface.md §4.1, contract.md §3, §8, §11) from a free, a
// subscribed and a complimentary account, against a server whose Stripe SDK talks
// to a local fake that checks and records what it is sent. The order of checks:
// what is known locally (409) comes before billing being off (503), shown on the
// suite's server (no STRIPE_* at all) and on one with only a webhook secret.

import { TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
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
import { type ApiResponse, Client, expectProblem as expectSuiteProblem } from "./support/api";
import { type BillingServer, startBillingServer } from "./support/billing-server";
import { grantComplimentary } from "./support/notes";

let fake: FakeStripe;
let billing: BillingServer;
let hooksOnly: BillingServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  [billing, hooksOnly] = await Promise.all([
    startBillingServer("billing", {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      BILLING_PRICES: JSON.stringify({ yearly: { gbp: 3500 } }),
    }),
    startBillingServer("billing-hooks-only", { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([billing?.stop(), hooksOnly?.stop()]);
  await fake?.close();
});

const userOn = (server: BillingServer) =>
  signUp(undefined, new Client(undefined, undefined, server.url));

function expectProblem(res: ApiResponse, server: BillingServer, status: number, slug: string) {
  expect({ status: res.status, type: res.body.type }, res.text).toEqual({
    status,
    type: `${server.url}/problems/${slug}`,
  });
  expect(res.headers.get("content-type")).toBe("application/problem+json");
}

async function grantOn(server: BillingServer, user: SignedUp) {
  const res = await fetch(
    `${server.url}/ops/v1/accounts/${user.credentials.identifier}:grantComplimentary`,
    { method: "POST", headers: { Authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } },
  );
  expect(res.status).toBe(204);
}

const call = (user: SignedUp, method: string, path: string, body?: unknown) =>
  user.client.call(method, path, { token: user.token, ...(body !== undefined && { body }) });

const callsTo = (path: string, since: number) =>
  fake.calls.slice(since).filter((c) => c.path === path);

describe("GET /v1/billing/prices", () => {
  it("lists every plan × currency from configuration in minor units", async () => {
    const user = await userOn(billing);
    const res = await call(user, "GET", "/v1/billing/prices");
    expect(res.status, res.text).toBe(200);
    expect(res.body.prices).toEqual([
      { plan: "monthly", currency: "eur", unitAmount: 400, interval: "month" },
      { plan: "monthly", currency: "gbp", unitAmount: 400, interval: "month" },
      { plan: "monthly", currency: "usd", unitAmount: 400, interval: "month" },
      { plan: "yearly", currency: "eur", unitAmount: 4000, interval: "year" },
      { plan: "yearly", currency: "gbp", unitAmount: 3500, interval: "year" },
      { plan: "yearly", currency: "usd", unitAmount: 4000, interval: "year" },
    ]);
    expectProblem(
      await new Client(undefined, undefined, billing.url).call("GET", "/v1/billing/prices"),
      billing,
      401,
      "no-session",
    );
  });
});

describe("POST /v1/billing/checkout-sessions", () => {
  it("sends Stripe the account, the configured price and currency, and answers its url", async () => {
    const user = await userOn(billing);
    const since = fake.calls.length;
    const res = await call(user, "POST", "/v1/billing/checkout-sessions", {
      plan: "yearly",
      currency: "gbp",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(res.headers.get("location")).toBe(res.body.url);
    const [sent] = callsTo("/v1/checkout/sessions", since);
    expect(sent?.form).toMatchObject({
      mode: "subscription",
      client_reference_id: user.accountId,
      "subscription_data[metadata][accountId]": user.accountId,
      "subscription_data[metadata][plan]": "yearly",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "3500",
      "line_items[0][price_data][recurring][interval]": "year",
      success_url: `${billing.url}/plan?billing=success`,
      cancel_url: `${billing.url}/plan?billing=cancelled`,
    });
    expect(sent?.form.customer).toBeUndefined();
  });

  it("defaults to usd, and lets a complimentary account subscribe", async () => {
    const user = await userOn(billing);
    await grantOn(billing, user);
    const since = fake.calls.length;
    const res = await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" });
    expect(res.status, res.text).toBe(201);
    expect(callsTo("/v1/checkout/sessions", since)[0]?.form).toMatchObject({
      client_reference_id: user.accountId,
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "400",
      "line_items[0][price_data][recurring][interval]": "month",
    });
  });

  it("refuses a live subscription with 409 subscription-active, without asking Stripe", async () => {
    const user = await userOn(billing);
    await subscribe(billing.url, user.accountId, { fake, status: "past_due" });
    const since = fake.calls.length;
    const res = await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" });
    expectProblem(res, billing, 409, "subscription-active");
    expect(fake.calls.length).toBe(since);
  });

  it("keeps a returning customer's Stripe customer", async () => {
    const user = await userOn(billing);
    const sub = await subscribe(billing.url, user.accountId, { fake });
    const ended = await deliver(
      billing.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...sub, status: "canceled" }),
      ),
    );
    expect(ended.body.outcome).toBe("applied");
    const since = fake.calls.length;
    const res = await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" });
    expect(res.status, res.text).toBe(201);
    expect(callsTo("/v1/checkout/sessions", since)[0]?.form.customer).toBe(sub.customer);
  });

  it("validates plan and currency", async () => {
    const user = await userOn(billing);
    for (const [body, pointer] of [
      [{}, "/plan"],
      [{ plan: "weekly" }, "/plan"],
      [{ plan: "monthly", currency: "jpy" }, "/currency"],
    ] as const) {
      const res = await call(user, "POST", "/v1/billing/checkout-sessions", body);
      expectProblem(res, billing, 400, "invalid-request");
      expect((res.body.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual([pointer]);
    }
  });

  it("answers 503 billing-unavailable when Stripe fails, leaking nothing", async () => {
    const user = await userOn(billing);
    fake.failWith = 500;
    try {
      const res = await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" });
      expectProblem(res, billing, 503, "billing-unavailable");
      expect(res.text).not.toMatch(/Something went wrong|stripe\.com|sk_test/i);
    } finally {
      fake.failWith = undefined;
    }
  });
});

describe("POST /v1/billing/portal-sessions", () => {
  it("opens the portal for the account's Stripe customer", async () => {
    const user = await userOn(billing);
    const sub = await subscribe(billing.url, user.accountId, { fake });
    const since = fake.calls.length;
    const res = await call(user, "POST", "/v1/billing/portal-sessions");
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(res.headers.get("location")).toBe(res.body.url);
    expect(callsTo("/v1/billing_portal/sessions", since)[0]?.form).toEqual({
      customer: sub.customer,
      return_url: `${billing.url}/plan`,
    });
  });

  it("answers 409 no-billing-profile before checkout, free or complimentary", async () => {
    const free = await userOn(billing);
    const gift = await userOn(billing);
    await grantOn(billing, gift);
    for (const user of [free, gift])
      expectProblem(
        await call(user, "POST", "/v1/billing/portal-sessions"),
        billing,
        409,
        "no-billing-profile",
      );
  });
});

describe("PATCH /v1/billing/subscription", () => {
  it("schedules and clears cancellation at the period's end through Stripe", async () => {
    const user = await userOn(billing);
    const sub = await subscribe(billing.url, user.accountId, { fake, plan: "yearly" });
    const since = fake.calls.length;
    const res = await call(user, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "active", plan: "yearly", cancelAtPeriodEnd: true });
    expect(Date.parse(res.body.currentPeriodEnd as string)).toBeGreaterThan(Date.now());
    expect(callsTo(`/v1/subscriptions/${sub.id}`, since)[0]?.form).toEqual({
      cancel_at_period_end: "true",
    });
    const account = await call(user, "GET", "/v1/account");
    expect(account.body).toMatchObject({
      tier: "subscribed",
      subscription: { status: "active", cancelAtPeriodEnd: true },
    });
    const cleared = await call(user, "PATCH", "/v1/billing/subscription", {
      cancelAtPeriodEnd: false,
    });
    expect(cleared.body).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });

  it("answers 409 no-subscription without a live one", async () => {
    const free = await userOn(billing);
    const gift = await userOn(billing);
    await grantOn(billing, gift);
    const ended = await userOn(billing);
    const sub = await subscribe(billing.url, ended.accountId, { fake });
    await deliver(
      billing.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...sub, status: "canceled" }),
      ),
    );
    for (const user of [free, gift, ended])
      expectProblem(
        await call(user, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true }),
        billing,
        409,
        "no-subscription",
      );
    const gone = await userOn(billing);
    await subscribe(billing.url, gone.accountId); // Stripe (the fake) never heard of it
    expectProblem(
      await call(gone, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true }),
      billing,
      409,
      "no-subscription",
    );
    expectProblem(
      await call(free, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: "yes" }),
      billing,
      400,
      "invalid-request",
    );
  });
});

describe("billing switched off", () => {
  it("answers 503 on the suite's server, after the 409s known locally", async () => {
    const user = await signUp();
    const gift = await signUp();
    await grantComplimentary(gift.credentials.identifier);
    for (const u of [user, gift]) {
      expectSuiteProblem(await call(u, "GET", "/v1/billing/prices"), 503, "billing-unavailable");
      expectSuiteProblem(
        await call(u, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" }),
        503,
        "billing-unavailable",
      );
      expectSuiteProblem(
        await call(u, "POST", "/v1/billing/portal-sessions"),
        409,
        "no-billing-profile",
      );
      expectSuiteProblem(
        await call(u, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true }),
        409,
        "no-subscription",
      );
    }
    // Webhooks: an unsigned request is refused first; a signed one meets no secret.
    const event = stripeEvent("invoice.paid", {});
    const unsigned = await deliver(user.client.base, event, { sign: false });
    expectSuiteProblem(unsigned, 400, "invalid-request");
    const signed = await deliver(user.client.base, event);
    expectSuiteProblem(signed, 503, "billing-unavailable");
    // Everything else works.
    expect((await call(user, "GET", "/v1/account")).body.tier).toBe("free");
  });

  it("applies webhooks with only STRIPE_WEBHOOK_SECRET; the rest is 503 after local checks", async () => {
    const user = await userOn(hooksOnly);
    const free = await userOn(hooksOnly);
    await subscribe(hooksOnly.url, user.accountId);
    expect((await call(user, "GET", "/v1/account")).body.tier).toBe("subscribed");
    expectProblem(
      await call(user, "POST", "/v1/billing/checkout-sessions", { plan: "monthly" }),
      hooksOnly,
      409,
      "subscription-active",
    );
    expectProblem(
      await call(free, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true }),
      hooksOnly,
      409,
      "no-subscription",
    );
    for (const [u, method, path, body] of [
      [user, "PATCH", "/v1/billing/subscription", { cancelAtPeriodEnd: true }],
      [user, "POST", "/v1/billing/portal-sessions", undefined],
      [free, "POST", "/v1/billing/checkout-sessions", { plan: "yearly" }],
      [free, "GET", "/v1/billing/prices", undefined],
    ] as const)
      expectProblem(await call(u, method, path, body), hooksOnly, 503, "billing-unavailable");
  });
});
