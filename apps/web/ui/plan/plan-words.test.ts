import { describe, expect, it } from "vitest";
import { subscriptionSentence, tierLabel } from "./plan-words";

const subscription = {
  status: "active",
  plan: "monthly",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2027-03-12T10:00:00.000Z",
};

describe("plan words", () => {
  it("names each tier, complimentary premium as such", () => {
    expect(tierLabel("free")).toBe("Free");
    expect(tierLabel("subscribed")).toBe("Premium");
    expect(tierLabel("complimentary")).toBe("Premium (complimentary)");
  });

  it("gives the plan and when it renews or ends", () => {
    expect(subscriptionSentence(subscription, "en-GB")).toBe(
      "Monthly plan, renews on 12 March 2027.",
    );
    expect(
      subscriptionSentence({ ...subscription, plan: "yearly", cancelAtPeriodEnd: true }, "en-GB"),
    ).toBe("Yearly plan, ends on 12 March 2027.");
  });

  it("says when a payment failed or a trial runs, and copes without a date", () => {
    expect(subscriptionSentence({ ...subscription, status: "past_due" }, "en-GB")).toBe(
      "Monthly plan, renews on 12 March 2027. The last payment failed: update your card with Manage billing.",
    );
    expect(
      subscriptionSentence({ status: "trialing", cancelAtPeriodEnd: false, plan: "monthly" }),
    ).toBe("Monthly plan (free trial).");
  });
});
