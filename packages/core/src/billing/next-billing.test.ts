import { describe, expect, it } from "vitest";
import { type BillingFacts, nextBilling, type StoredBilling } from "./next-billing";

const fresh: StoredBilling = {
  status: "none",
  plan: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  customerId: null,
  subscriptionId: null,
  lastEventCreated: null,
};

const sub = (subscriptionId: string, status: string, extra = {}): BillingFacts => ({
  kind: "subscription",
  subscriptionId,
  customerId: "cus_1",
  snapshot: { status, plan: "monthly", cancelAtPeriodEnd: false, ...extra },
});

describe("nextBilling", () => {
  it("applies a first subscription event and records its time", () => {
    const { outcome, next } = nextBilling(fresh, sub("sub_1", "trialing"), 100);
    expect(outcome).toBe("applied");
    expect(next).toMatchObject({
      status: "trialing",
      subscriptionId: "sub_1",
      lastEventCreated: 100,
    });
  });

  it("ignores an event older than the last one applied to the same subscription", () => {
    const active = nextBilling(fresh, sub("sub_1", "active"), 200).next;
    expect(nextBilling(active, sub("sub_1", "trialing"), 100)).toEqual({
      outcome: "stale",
      next: active,
    });
    expect(nextBilling(active, sub("sub_1", "past_due"), 200).outcome).toBe("applied");
  });

  it("never lets an old subscription's end override a newer live one", () => {
    const live = nextBilling(fresh, sub("sub_new", "active"), 500).next;
    expect(nextBilling(live, sub("sub_old", "canceled"), 600).outcome).toBe("ignored");
    const ended = nextBilling(live, sub("sub_new", "canceled"), 700).next;
    expect(nextBilling(ended, sub("sub_next", "active"), 650).next.subscriptionId).toBe("sub_next");
  });

  it("never adopts a second live subscription over a live one, however new", () => {
    const live = nextBilling(fresh, sub("sub_1", "active"), 500).next;
    expect(nextBilling(live, sub("sub_2", "active"), 900)).toEqual({
      outcome: "second-subscription",
      next: live,
    });
    expect(nextBilling(live, sub("sub_2", "trialing"), 100).outcome).toBe("second-subscription");
    const lapsed = nextBilling(live, sub("sub_1", "canceled"), 950).next;
    expect(nextBilling(lapsed, sub("sub_2", "active"), 960).next.subscriptionId).toBe("sub_2");
  });

  it("links the customer on checkout without moving the event clock", () => {
    const linked = nextBilling(
      fresh,
      { kind: "checkout", customerId: "cus_9", subscriptionId: "sub_9" },
      900,
    ).next;
    expect(linked).toMatchObject({ customerId: "cus_9", subscriptionId: "sub_9", status: "none" });
    expect(linked.lastEventCreated).toBeNull();
    // The subscription's own (older) created event still applies.
    expect(nextBilling(linked, sub("sub_9", "active"), 850).outcome).toBe("applied");
  });

  it("moves the status on invoices of the current subscription only", () => {
    const active = nextBilling(fresh, sub("sub_1", "active"), 100).next;
    const failed = nextBilling(
      active,
      { kind: "invoice", paid: false, subscriptionId: "sub_1" },
      110,
    );
    expect(failed.next.status).toBe("past_due");
    const paid = nextBilling(
      failed.next,
      { kind: "invoice", paid: true, subscriptionId: "sub_1" },
      120,
    );
    expect(paid.next.status).toBe("active");
    expect(
      nextBilling(active, { kind: "invoice", paid: false, subscriptionId: "sub_2" }, 130).outcome,
    ).toBe("ignored");
    expect(
      nextBilling(paid.next, { kind: "invoice", paid: false, subscriptionId: "sub_1" }, 115)
        .outcome,
    ).toBe("stale");
  });
});
