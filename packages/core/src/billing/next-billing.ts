// What one webhook event does to an account's billing state (contract.md §4, §8,
// §11), as a pure function so the ordering rules can be read and unit-tested:
// - an event about the current subscription whose `created` is earlier than the
//   last one applied to it is stale and changes nothing;
// - an event about another subscription takes over only when the current one is
//   not live: a late `deleted` of an old subscription never ends a newer, live one;
// - another *live* subscription while the current one is live can only come from
//   two checkouts paid in a race (checkout refuses while one is live): it is a
//   `second-subscription`, never adopted, and the webhook cancels it on Stripe;
// - checkout.session.completed links the customer (and a first subscription) but
//   carries no status, so it leaves the subscription clock alone: the
//   subscription's own `created` event is usually older than the session's;
// - invoice events move a current subscription's status the way Stripe will
//   (paid → active, failed → past_due) and count as events applied to it.
import { isLiveStatus } from "../accounts/tier";

/** The Subscription fields of interface.md §2.2, as stored on the account. */
export interface SubscriptionFields {
  status: string;
  plan: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export interface StoredBilling extends SubscriptionFields {
  customerId: string | null;
  subscriptionId: string | null;
  /** `created` (Unix seconds) of the last event applied to `subscriptionId`. */
  lastEventCreated: number | null;
}

/** A subscription as Stripe reports it; `plan` absent when it cannot be told. */
export interface SubscriptionSnapshot {
  status: string;
  plan?: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd?: Date;
}

interface Mapping {
  /** From `client_reference_id` or `metadata.accountId`, when it is a uuid. */
  accountId?: string;
  customerId?: string;
}

export type BillingFacts =
  | (Mapping & { kind: "checkout"; subscriptionId?: string })
  | (Mapping & { kind: "subscription"; subscriptionId: string; snapshot: SubscriptionSnapshot })
  | (Mapping & { kind: "invoice"; paid: boolean; subscriptionId?: string });

export type Outcome = "applied" | "stale" | "ignored" | "duplicate" | "second-subscription";

const RECOVERED_BY_PAYMENT = new Set(["past_due", "unpaid", "incomplete"]);

export function nextBilling(
  stored: StoredBilling,
  facts: BillingFacts,
  created: number,
): { outcome: Outcome; next: StoredBilling } {
  const customerId = facts.customerId ?? stored.customerId;
  const newer = stored.lastEventCreated === null || created >= stored.lastEventCreated;
  const unchanged = (outcome: Outcome) => ({ outcome, next: stored });

  switch (facts.kind) {
    case "checkout": {
      const adopt =
        facts.subscriptionId !== undefined &&
        facts.subscriptionId !== stored.subscriptionId &&
        (stored.subscriptionId === null || !isLiveStatus(stored.status));
      return {
        outcome: "applied",
        next: {
          ...stored,
          customerId,
          ...(adopt && { subscriptionId: facts.subscriptionId ?? null, lastEventCreated: null }),
        },
      };
    }
    case "subscription": {
      const same = stored.subscriptionId === facts.subscriptionId;
      if (same && !newer) return unchanged("stale");
      if (!same && stored.subscriptionId !== null) {
        if (isLiveStatus(stored.status))
          return unchanged(isLiveStatus(facts.snapshot.status) ? "second-subscription" : "ignored");
        if (!isLiveStatus(facts.snapshot.status) && !newer) return unchanged("stale");
      }
      const { snapshot } = facts;
      return {
        outcome: "applied",
        next: {
          customerId,
          subscriptionId: facts.subscriptionId,
          lastEventCreated: created,
          status: snapshot.status,
          plan: snapshot.plan ?? (same ? stored.plan : null),
          cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
          currentPeriodEnd: snapshot.currentPeriodEnd ?? (same ? stored.currentPeriodEnd : null),
        },
      };
    }
    case "invoice": {
      if (facts.subscriptionId === undefined || facts.subscriptionId !== stored.subscriptionId)
        return unchanged("ignored");
      if (!newer) return unchanged("stale");
      let status = stored.status;
      if (facts.paid && RECOVERED_BY_PAYMENT.has(status)) status = "active";
      if (!facts.paid && (status === "active" || status === "trialing")) status = "past_due";
      return {
        outcome: "applied",
        next: { ...stored, customerId, status, lastEventCreated: created },
      };
    }
  }
}

export function subscriptionChanged(a: SubscriptionFields, b: SubscriptionFields): boolean {
  return (
    a.status !== b.status ||
    a.plan !== b.plan ||
    a.cancelAtPeriodEnd !== b.cancelAtPeriodEnd ||
    a.currentPeriodEnd?.getTime() !== b.currentPeriodEnd?.getTime()
  );
}
