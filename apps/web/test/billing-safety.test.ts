// Billing's guards against charging someone twice or for nothing: parallel
// checkout starts give one Stripe session; a second live subscription (two
// checkouts paid in a race) is cancelled on Stripe and never adopted; deleting
// an account cancels its live subscription first, and is refused (503) while
// Stripe cannot be reached, so no one goes on paying for a deleted account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./support/accounts";
import { type ApiResponse, Client } from "./support/api";
import {
  type BillingServer,
  deliver,
  type FakeStripe,
  STRIPE_KEY,
  startBillingServer,
  startFakeStripe,
  stripeEvent,
  subscribe,
  subscriptionObject,
  WEBHOOK_SECRET,
} from "./support/fake-stripe";

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

  it("cancels a second live subscription on Stripe and keeps the first", async () => {
    const user = await newUser();
    const first = await subscribe(billing.url, user.accountId, { fake });
    const before = await account(user);
    const second = { ...first, id: `${first.id}_2`, plan: "yearly" as const };
    fake.subscriptions.set(second.id, subscriptionObject(second));
    const res = await deliver(
      billing.url,
      stripeEvent("customer.subscription.created", subscriptionObject(second)),
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("second-subscription");
    expect(cancels(second.id)).toHaveLength(1);
    expect(cancels(first.id)).toHaveLength(0);
    expect(fake.subscriptions.get(second.id)?.status).toBe("canceled");
    expect(await account(user)).toEqual(before);
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
