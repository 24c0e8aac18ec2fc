// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// Stripe webhooks (contract.md §4, §7, §8, §11): the SDK's signature check over
// the exact bytes (300 s tolerance), each event id applied once even when
// delivered ten times at once, stale events ignored, unknown types and unknown
// accounts acknowledged, and the subscription lifecycle's effect on the tier, the
// storage ceiling, premium features and the account's change feed.

import { TEST_OPERATOR_TOKEN } from "@notes/test-support/database-mode";
import {
  checkoutSessionObject,
  deliver,
  invoiceObject,
  signature,
  stripeEvent,
  subscribe,
  subscriptionObject,
  WEBHOOK_SECRET,
} from "@notes/test-support/stripe-webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./support/accounts";
import { Client } from "./support/api";
import { type BillingServer, startBillingServer } from "./support/billing-server";
import { newNote } from "./support/notes";
import { isText, openFeed } from "./support/sockets";

const MiB = 1024 * 1024;
let server: BillingServer;

beforeAll(async () => {
  // Webhooks need only the signing secret (contract.md §11).
  server = await startBillingServer("billing-webhooks", { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const newUser = () => signUp(undefined, new Client(undefined, undefined, server.url));

async function accountOf(user: SignedUp) {
  const res = await user.client.call<{
    tier: string;
    subscription: Record<string, unknown>;
    usage: { maxAccountBytes: number };
  }>("GET", "/v1/account", { token: user.token });
  return res.body;
}

function expectInvalid(res: { status: number; body: Record<string, unknown>; headers: Headers }) {
  expect(res.status).toBe(400);
  expect(res.body.type).toBe(`${server.url}/problems/invalid-request`);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
}

describe("signature", () => {
  it("refuses a missing, wrong, tampered or stale signature with 400 invalid-request", async () => {
    const user = await newUser();
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({
        id: "sub_sig",
        customer: "cus_sig",
        status: "active",
        accountId: user.accountId,
      }),
    );
    const payload = JSON.stringify(event);
    expectInvalid(await deliver(server.url, payload, { sign: false }));
    expectInvalid(await deliver(server.url, payload, { header: "t=1,v1=abc" }));
    expectInvalid(await deliver(server.url, payload, { secret: "whsec_someone_else" }));
    expectInvalid(await deliver(server.url, payload, { timestamp: now() - 301 }));
    const tampered = payload.replace('"active"', '"trialing"');
    expectInvalid(await deliver(server.url, tampered, { header: signature(payload) }));
    for (const garbage of ["{}", '{"id":1}', "not json at all"])
      expect((await deliver(server.url, garbage)).status).toBe(400);
    expect((await accountOf(user)).tier).toBe("free");

    // Within the tolerance, and over the exact bytes (spacing kept as sent).
    const ok = await deliver(server.url, JSON.stringify(event, null, 4), {
      timestamp: now() - 200,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ received: true, outcome: "applied" });
    expect((await accountOf(user)).tier).toBe("subscribed");
  });
});

describe("delivery", () => {
  it("acknowledges unknown types and events for no known account, changing nothing", async () => {
    const unknown = await deliver(server.url, stripeEvent("charge.succeeded", { id: "ch_1" }));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true, outcome: "ignored" });
    for (const accountId of [crypto.randomUUID(), "not-a-uuid"]) {
      const orphan = await deliver(
        server.url,
        stripeEvent(
          "customer.subscription.created",
          subscriptionObject({
            id: `sub_${accountId}`,
            customer: "cus_x",
            status: "active",
            accountId,
          }),
        ),
      );
      expect(orphan.status).toBe(200);
      expect(orphan.body.outcome).toBe("ignored");
    }
    const invoice = await deliver(
      server.url,
      stripeEvent(
        "invoice.paid",
        invoiceObject({ customer: "cus_none", subscription: "sub_none" }),
      ),
    );
    expect(invoice.body.outcome).toBe("ignored");
  });

  it("applies one event once when Stripe delivers it ten times in parallel", async () => {
    const user = await newUser();
    const sub = await subscribe(server.url, user.accountId);
    const failed = stripeEvent(
      "invoice.payment_failed",
      invoiceObject({ customer: sub.customer, subscription: sub.id, accountId: user.accountId }),
    );
    const feed = await openFeed(user);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => deliver(server.url, failed)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const outcomes = answers.map((a) => a.body.outcome).sort();
      expect(outcomes).toEqual(["applied", ...Array(9).fill("duplicate")]);
      await feed.until(isText("account"));
      await new Promise((r) => setTimeout(r, 300));
      expect(feed.pending().filter(isText("account"))).toEqual([]);
    } finally {
      feed.close();
    }
    expect((await accountOf(user)).subscription.status).toBe("past_due");
    // Later redeliveries are duplicates too.
    expect((await deliver(server.url, failed)).body.outcome).toBe("duplicate");
  });

  it("ignores an event older than the last one applied to the subscription", async () => {
    const user = await newUser();
    const spec = { id: "sub_order", customer: "cus_order", accountId: user.accountId };
    const t = now();
    const updated = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ ...spec, status: "active", plan: "yearly" }),
      { created: t },
    );
    const created = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({ ...spec, status: "trialing", plan: "monthly" }),
      { created: t - 60 },
    );
    expect((await deliver(server.url, updated)).body.outcome).toBe("applied");
    expect((await deliver(server.url, created)).body.outcome).toBe("stale");
    expect(await accountOf(user)).toMatchObject({
      tier: "subscribed",
      subscription: { status: "active", plan: "yearly" },
    });
    // A checkout completing later does not make the subscription's own events stale.
    const done = stripeEvent(
      "checkout.session.completed",
      checkoutSessionObject({
        accountId: user.accountId,
        customer: spec.customer,
        subscription: spec.id,
      }),
      { created: t + 5 },
    );
    expect((await deliver(server.url, done)).body.outcome).toBe("applied");
    const cancelled = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ ...spec, status: "active", plan: "yearly", cancelAtPeriodEnd: true }),
      { created: t + 1 },
    );
    expect((await deliver(server.url, cancelled)).body.outcome).toBe("applied");
    expect((await accountOf(user)).subscription.cancelAtPeriodEnd).toBe(true);
  });
});

describe("the subscription lifecycle", () => {
  it("trialing → active → past_due → canceled moves tier, ceiling, premium features and the feed", async () => {
    const user = await newUser();
    const { id: noteId } = await newNote(user);
    const revisions = () =>
      user.client.call("GET", `/v1/notes/${noteId}/revisions`, { token: user.token });
    const feed = await openFeed(user);
    const periodEnd = now() + 14 * 86_400;
    const spec = {
      id: `sub_life_${user.accountId.slice(0, 8)}`,
      customer: `cus_life_${user.accountId.slice(0, 8)}`,
      accountId: user.accountId,
      periodEnd,
    };
    const t = now() - 100;
    const steps: [string, Record<string, unknown>, string, string][] = [
      [
        "customer.subscription.created",
        subscriptionObject({ ...spec, status: "trialing" }),
        "trialing",
        "subscribed",
      ],
      ["invoice.paid", invoiceObject({ ...spec, subscription: spec.id }), "trialing", "subscribed"],
      [
        "customer.subscription.updated",
        subscriptionObject({ ...spec, status: "active" }),
        "active",
        "subscribed",
      ],
      [
        "invoice.payment_failed",
        invoiceObject({ ...spec, subscription: spec.id }),
        "past_due",
        "subscribed",
      ],
      [
        "customer.subscription.deleted",
        subscriptionObject({ ...spec, status: "canceled" }),
        "canceled",
        "free",
      ],
    ];
    try {
      expect((await revisions()).status).toBe(402);
      for (const [i, [type, object, status, tier]] of steps.entries()) {
        const res = await deliver(server.url, stripeEvent(type, object, { created: t + i * 10 }));
        expect(res.body, type).toEqual({ received: true, outcome: "applied" });
        const account = await accountOf(user);
        expect(account, type).toMatchObject({
          tier,
          subscription: {
            status,
            plan: "monthly",
            cancelAtPeriodEnd: false,
            currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
          },
          usage: { maxAccountBytes: tier === "free" ? 50 * MiB : 20 * 1024 * MiB },
        });
        const listed = await revisions();
        expect(listed.status, `${type}: ${listed.text}`).toBe(tier === "free" ? 402 : 200);
        if (tier === "free")
          expect(listed.body.type).toBe(`${server.url}/problems/premium-required`);
        // The feed hears every change of tier or subscription (invoice.paid in a trial changes nothing).
        if (type !== "invoice.paid") await feed.until(isText("account"));
      }
    } finally {
      feed.close();
    }
  });

  it("keeps a complimentary account complimentary when its subscription ends", async () => {
    const user = await newUser();
    const granted = await fetch(
      `${server.url}/ops/v1/accounts/${user.credentials.identifier}:grantComplimentary`,
      { method: "POST", headers: { Authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } },
    );
    expect(granted.status).toBe(204);
    const sub = await subscribe(server.url, user.accountId);
    expect(await accountOf(user)).toMatchObject({
      tier: "complimentary",
      subscription: { status: "active" },
    });
    await deliver(
      server.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...sub, status: "canceled" }),
      ),
    );
    expect(await accountOf(user)).toMatchObject({
      tier: "complimentary",
      subscription: { status: "canceled" },
      usage: { maxAccountBytes: 20 * 1024 * MiB },
    });
  });
});
