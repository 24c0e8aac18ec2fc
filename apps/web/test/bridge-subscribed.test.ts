// Bridge access follows a paid subscription too (contract.md §4: bridge access
// means premium): `active` and `past_due` open the bridge, the end of the
// subscription closes it. Runs its own server with a webhook secret, as the
// billing webhook suite does.

import {
  deliver,
  stripeEvent,
  subscribe,
  subscriptionObject,
  WEBHOOK_SECRET,
} from "@notes/test-support/stripe-webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./support/accounts";
import { Client } from "./support/api";
import { type BillingServer, startBillingServer } from "./support/billing-server";
import { sealedBody } from "./support/bridge";

let server: BillingServer;

beforeAll(async () => {
  server = await startBillingServer("bridge-subscribed", { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const newUser = () => signUp(undefined, new Client(undefined, undefined, server.url));

const transmit = (user: SignedUp) =>
  user.client.call("POST", "/v1/bridge/messages", {
    token: user.token,
    body: { body: sealedBody(), epochId: "uw4kvv41zWEq0G2nekpUpA" },
  });

describe("bridge access of a subscribed account", () => {
  it("opens with an active or past_due subscription and closes when it ends", async () => {
    const [active, pastDue] = [await newUser(), await newUser()];
    const sub = await subscribe(server.url, active.accountId);
    await subscribe(server.url, pastDue.accountId, { status: "past_due" });
    for (const user of [active, pastDue]) {
      expect((await transmit(user)).status).toBe(201);
      const page = await user.client.call("GET", "/v1/bridge/messages", { token: user.token });
      expect(page.status).toBe(200);
    }
    const ended = await deliver(
      server.url,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...sub, status: "canceled" }),
      ),
    );
    expect(ended.status).toBe(200);
    const refused = await transmit(active);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect({ status: refused.status, type: refused.body.type }).toEqual({
      status: 403,
      type: `${server.url}/problems/bridge-access-required`,
    });
  });
});
