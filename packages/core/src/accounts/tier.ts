// Tier and storage ceilings (contract.md §4). Computed here, never by clients.
// The write paths do not ask tierOf: the SQL helper account_ceiling
// (packages/db/sql/functions/account_ceiling.sql) picks the ceiling inside the
// statement that charges the bytes, from these CEILINGS. It names the live statuses
// too, since SQL cannot import them; tier.test.ts holds the two to the same answers.
export type Tier = "free" | "subscribed" | "complimentary";

/** Provider statuses of a live subscription. */
export const LIVE_STATUSES = ["active", "trialing", "past_due"] as const;

const SUBSCRIBED_STATUSES = new Set<string>(LIVE_STATUSES);

/** A subscription in one of these statuses is live: it makes the tier `subscribed`. */
export const isLiveStatus = (status: string) => SUBSCRIBED_STATUSES.has(status);

const MiB = 1024 * 1024;

export const CEILINGS: Record<Tier, number> = {
  free: 50 * MiB,
  subscribed: 20 * 1024 * MiB,
  complimentary: 20 * 1024 * MiB,
};

export function tierOf(account: { complimentary: boolean; subscriptionStatus: string }): Tier {
  if (account.complimentary) return "complimentary";
  if (isLiveStatus(account.subscriptionStatus)) return "subscribed";
  return "free";
}

export const isPremium = (tier: Tier) => tier !== "free";
