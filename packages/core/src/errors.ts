// Domain errors, named after interface.md §7 and contract.md §1. Each carries the
// problem slug it maps to; the API layer's single mapper turns them into
// problem+json. Nothing here knows about HTTP beyond the slug.
export type ProblemSlug =
  | "invalid-request"
  | "direct-transfer-unavailable"
  | "body-not-json"
  | "body-too-large"
  | "no-session"
  | "credential-rejected"
  | "authentication-failed"
  | "passkey-refused"
  | "identifier-taken"
  | "note-not-found"
  | "note-deleted"
  | "note-exists"
  | "view-only"
  | "owner-required"
  | "owner-cannot-leave"
  | "free-storage-full"
  | "storage-full"
  | "premium-required"
  | "bridge-access-required"
  | "subscription-active"
  | "no-subscription"
  | "no-billing-profile"
  | "billing-unavailable"
  | "keypair-exists"
  | "no-keypair"
  | "signing-key-exists"
  | "stale-compaction"
  | "user-not-found"
  | "no-such-device"
  | "no-such-handshake"
  | "handshake-state"
  | "not-sealed"
  | "precondition-failed"
  | "precondition-required"
  | "unknown-value"
  | "rate-limited"
  | "feedback-allowance"
  | "internal"
  | "at-capacity"
  | "not-found"
  | "method-not-allowed"
  | "link-not-found"
  | "link-exists"
  | "link-expired"
  | "link-used-up"
  | "link-revoked"
  | "link-access-refused"
  | "link-limit"
  | "link-not-following"
  | "attachment-not-found"
  | "attachment-exists"
  | "attachment-state"
  | "no-tree-head"
  | "unknown-witness";

export interface FieldError {
  /** RFC 6901 pointer into the request body, or `#/query/{name}`. */
  pointer: string;
  detail: string;
}

export class DomainError extends Error {
  constructor(
    readonly slug: ProblemSlug,
    readonly detail?: string,
    readonly extra: { errors?: FieldError[]; retryAfter?: number; invalidToken?: boolean } = {},
  ) {
    super(detail ?? slug);
    this.name = "DomainError";
  }
}

export const invalidRequest = (errors: FieldError[], detail = "The request is not valid.") =>
  new DomainError("invalid-request", detail, { errors });
export const noSession = (tokenPresented: boolean) =>
  new DomainError("no-session", "A valid bearer token is required.", {
    invalidToken: tokenPresented,
  });
export const credentialRejected = () =>
  new DomainError("credential-rejected", "The current credential is not correct.");
export const authenticationFailed = () =>
  new DomainError("authentication-failed", "The identifier or credential is not correct.");
export const identifierTaken = (detail: string) => new DomainError("identifier-taken", detail);
export const rateLimited = (retryAfter: number) =>
  new DomainError("rate-limited", "Too many requests; try again later.", { retryAfter });
export const atCapacity = (retryAfter = 5) =>
  new DomainError("at-capacity", "The service is at capacity; try again shortly.", {
    retryAfter,
  });
export const preconditionRequired = () =>
  new DomainError("precondition-required", "This operation needs an If-Match header.");
export const preconditionFailed = () =>
  new DomainError("precondition-failed", "The resource changed since it was read.");
