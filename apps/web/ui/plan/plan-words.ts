// What the Plan page says about an account's tier and subscription, from the
// account alone (no billing call), so a premium account always reads its status,
// whatever the state of billing on the server.
import type { Account } from "@notes/client";

/** What premium adds, as the server grants it (core/accounts/tier.ts, revisions, bridge). */
export const PREMIUM_INCLUDES: readonly string[] = [
  "20 GiB of storage for your notes",
  "History: earlier versions of each note, to compare and restore",
  "The bridge: an end-to-end encrypted channel shared by every premium member",
];

const TIER_TEXT: Record<Account["tier"], string> = {
  free: "Free",
  subscribed: "Premium",
  complimentary: "Premium (complimentary)",
};

export function tierLabel(tier: Account["tier"]): string {
  return TIER_TEXT[tier] ?? tier;
}

/** "Monthly plan, renews on 12 March 2027." and the like. */
export function subscriptionSentence(
  subscription: Account["subscription"],
  locale?: string,
): string {
  const plan = subscription.plan === "yearly" ? "Yearly plan" : "Monthly plan";
  const trial = subscription.status === "trialing" ? " (free trial)" : "";
  const end = subscription.currentPeriodEnd
    ? new Date(subscription.currentPeriodEnd).toLocaleDateString(locale, { dateStyle: "long" })
    : undefined;
  const when = end ? `, ${subscription.cancelAtPeriodEnd ? "ends" : "renews"} on ${end}` : "";
  const failed =
    subscription.status === "past_due"
      ? " The last payment failed: update your card with Manage billing."
      : "";
  return `${plan}${trial}${when}.${failed}`;
}
