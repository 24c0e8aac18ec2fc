// The account's plan as money: checkout on Stripe's page, the customer portal, and
// cancelling at the period's end (or undoing that). The tier itself follows the
// server's webhook; the account is read again after a change to the subscription.
import type { ApiClient, Input } from "@notes/client";

export class Billing {
  constructor(
    private readonly api: ApiClient,
    private readonly refreshAccount: () => Promise<unknown>,
  ) {}

  /** This server's plan prices (503 billing-unavailable where it sells none). */
  prices() {
    return this.api.call("billing.prices", {});
  }

  /** The address of Stripe's checkout page for the plan. */
  async checkout(choice: Input<"billing.checkout">): Promise<string> {
    return (await this.api.call("billing.checkout", choice)).url;
  }

  /** The address of Stripe's customer portal (payment method, invoices, plan). */
  async portal(): Promise<string> {
    return (await this.api.call("billing.portal", {})).url;
  }

  /** Cancels at the period's end, or undoes that while the period lasts. */
  async cancelAtPeriodEnd(cancel: boolean): Promise<void> {
    await this.api.call("billing.subscription", { cancelAtPeriodEnd: cancel });
    await this.refreshAccount();
  }
}
