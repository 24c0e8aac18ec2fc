"use client";
// The live subscription: its plan and period, the customer portal (payment
// method, invoices, plan changes) and cancelling at the period's end, or undoing
// that while the period lasts.
import type { Account } from "@notes/client";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";
import { subscriptionSentence } from "./plan-words";

export function SubscriptionSection({ subscription }: { subscription: Account["subscription"] }) {
  const { vault } = useVault();
  const manage = useAction(async () => {
    window.location.assign(await vault.billing.portal());
  });
  const schedule = useAction(async (cancelAtPeriodEnd: boolean) => {
    await vault.billing.cancelAtPeriodEnd(cancelAtPeriodEnd);
  });
  const ending = subscription.cancelAtPeriodEnd;
  return (
    <section aria-labelledby="subscription-h">
      <h2 id="subscription-h">Subscription</h2>
      <p data-testid="subscription-state">{subscriptionSentence(subscription)}</p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={manage.busy}
          onClick={() => void manage.run()}
        >
          Manage billing
        </button>
        {ending ? (
          <button type="button" disabled={schedule.busy} onClick={() => void schedule.run(false)}>
            Keep my subscription
          </button>
        ) : (
          <button
            type="button"
            className="danger"
            disabled={schedule.busy}
            onClick={() => void schedule.run(true)}
          >
            Cancel at period end
          </button>
        )}
      </div>
      {(manage.error ?? schedule.error) && (
        <p className="form-error" role="alert">
          {manage.error ?? schedule.error}
        </p>
      )}
    </section>
  );
}
