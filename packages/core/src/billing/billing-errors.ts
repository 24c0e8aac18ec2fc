// The billing problems of contract.md §1, named after interface.md §7.
import { DomainError } from "../errors";

export const billingUnavailable = (detail = "Billing is switched off on this server.") =>
  new DomainError("billing-unavailable", detail);
export const subscriptionActive = () =>
  new DomainError("subscription-active", "A subscription is already live on this account.");
export const noSubscription = () =>
  new DomainError("no-subscription", "There is no live subscription to change.");
export const noBillingProfile = () =>
  new DomainError("no-billing-profile", "The account has not been to checkout yet.");
/** A live session whose account vanished mid-request: treated as signed out. */
export const accountGone = () => new DomainError("no-session", "The account no longer exists.");
