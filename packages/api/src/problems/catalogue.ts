// Every problem type of contract.md §1: status, title (the error's name from
// interface.md §7, capitalised) and the explanation served at /problems/{slug}.
export interface ProblemType {
  status: number;
  title: string;
  description: string;
}

export const problemCatalogue: Record<string, ProblemType> = {
  "invalid-request": {
    status: 400,
    title: "Invalid request",
    description:
      "The request failed validation. `errors` lists each invalid member with a JSON Pointer into the body (`#/query/{name}` or `#/path/{name}` for parameters).",
  },
  "body-not-json": {
    status: 400,
    title: "Body not JSON",
    description:
      "The body could not be parsed as JSON (400), or the request did not declare `Content-Type: application/json` (415). The `Accept` header names the media type the operation takes.",
  },
  "body-too-large": {
    status: 413,
    title: "Body too large",
    description:
      "The body exceeds the size the operation accepts: 1 MiB by default, 16 MiB for note content.",
  },
  "no-session": {
    status: 401,
    title: "No valid session token",
    description: "The request needs `Authorization: Bearer <token>` with a live session token.",
  },
  "credential-rejected": {
    status: 401,
    title: "Current credential rejected",
    description: "The current auth key given to re-verify the caller is not correct.",
  },
  "authentication-failed": {
    status: 401,
    title: "Authentication failed",
    description:
      "The identifier or credential is not correct. Unknown identifiers answer the same way.",
  },
  "passkey-refused": {
    status: 401,
    title: "Refused",
    description: "The passkey sign-in was refused.",
  },
  "identifier-taken": {
    status: 409,
    title: "Identifier already taken",
    description: "Another account uses that handle or e-mail address.",
  },
  "note-not-found": {
    status: 404,
    title: "Note not found",
    description:
      "No such note for the caller. Notes the caller is not a member of are reported this way too.",
  },
  "note-deleted": { status: 410, title: "Note deleted", description: "The note has been deleted." },
  "note-exists": {
    status: 409,
    title: "Note id already exists",
    description: "The client-chosen note id is in use, or was used by a deleted note.",
  },
  "view-only": {
    status: 403,
    title: "View-only access",
    description: "The caller is a viewer on the note and cannot change it.",
  },
  "owner-required": {
    status: 403,
    title: "Owner required",
    description: "Only the note's owner may do this.",
  },
  "owner-cannot-leave": {
    status: 403,
    title: "Owner cannot leave",
    description:
      "The owner is the note's one fixed member and cannot leave it; the owner deletes the note instead (every member then sees a tombstone).",
  },
  "free-storage-full": {
    status: 402,
    title: "Free storage full",
    description: "The free tier's storage is exhausted; upgrading raises the ceiling.",
  },
  "storage-full": {
    status: 403,
    title: "Note or account storage full",
    description: "The note's or the account's storage ceiling is reached.",
  },
  "premium-required": {
    status: 402,
    title: "Premium required",
    description: "This feature needs a premium (subscribed or complimentary) account.",
  },
  "bridge-access-required": {
    status: 403,
    title: "Bridge access required",
    description: "The bridge is not available to the account.",
  },
  "subscription-active": {
    status: 409,
    title: "Subscription already active",
    description: "Checkout was refused because a subscription is live.",
  },
  "no-subscription": {
    status: 409,
    title: "No subscription",
    description: "There is no live subscription to change.",
  },
  "no-billing-profile": {
    status: 409,
    title: "No billing profile",
    description: "The account has no customer portal yet.",
  },
  "billing-unavailable": {
    status: 503,
    title: "Billing unavailable",
    description: "Billing cannot be reached or is switched off.",
  },
  "no-such-device": {
    status: 404,
    title: "No such device",
    description: "Unknown enrolled device.",
  },
  "no-such-handshake": {
    status: 404,
    title: "No such handshake",
    description: "Unknown device-link handshake for this account.",
  },
  "handshake-state": {
    status: 409,
    title: "Expired or out of order",
    description: "The handshake expired or the step came out of order.",
  },
  "not-sealed": {
    status: 404,
    title: "Not sealed yet or expired",
    description: "The seal does not exist yet, or the handshake expired or was claimed.",
  },
  "user-not-found": {
    status: 404,
    title: "User not found",
    description: "No user resolves from that handle or e-mail.",
  },
  "keypair-exists": {
    status: 409,
    title: "Keypair already set",
    description: "The account already has a different sharing keypair.",
  },
  "no-keypair": {
    status: 404,
    title: "No keypair",
    description: "The account has not stored a sharing keypair yet.",
  },
  "signing-key-exists": {
    status: 409,
    title: "Signing key already set",
    description:
      "The account already has a different signing public key. It is set once: members pin it, so it is never replaced.",
  },
  "stale-compaction": {
    status: 409,
    title: "Stale compaction",
    description:
      "`coversVersion` is below the current snapshot version or above the note's version.",
  },
  "precondition-failed": {
    status: 412,
    title: "Precondition failed",
    description:
      "The `If-Match` validator does not match the resource's current ETag: read it again.",
  },
  "precondition-required": {
    status: 428,
    title: "Precondition required",
    description: "This operation needs an `If-Match` header with the ETag last read.",
  },
  "unknown-value": {
    status: 400,
    title: "Unknown tour or event / unknown journey or step",
    description:
      "A value is outside the operation's enumeration (unknown tour or event, unknown journey or step).",
  },
  "rate-limited": {
    status: 429,
    title: "Too many requests",
    description: "A rate limit was hit. `Retry-After` says how many seconds to wait.",
  },
  "feedback-allowance": {
    status: 429,
    title: "Feedback allowance used",
    description: "The rolling-year feedback allowance is used up.",
  },
  internal: {
    status: 500,
    title: "Service failed",
    description:
      "An internal failure. `detail` holds the request id, which also appears in the server log.",
  },
  "at-capacity": {
    status: 503,
    title: "Service at capacity",
    description:
      "The service (or its database) is at capacity or unreachable. Retry after `Retry-After` seconds.",
  },
  "link-not-found": {
    status: 404,
    title: "Share link not found",
    description:
      "No share link has this id, or (for the owner's operations) it is another account's.",
  },
  "link-exists": {
    status: 409,
    title: "Share link id already exists",
    description: "The client-chosen link id is taken; draw 16 new random bytes.",
  },
  "link-expired": {
    status: 410,
    title: "Share link expired",
    description: "The share link's expiry has passed; it serves nothing any more.",
  },
  "link-used-up": {
    status: 410,
    title: "Share link used up",
    description: "The share link served the views its owner allowed; it serves nothing any more.",
  },
  "link-revoked": {
    status: 410,
    title: "Share link revoked",
    description:
      "The share link's owner revoked it, or deleted the note it served; it serves nothing any more.",
  },
  "link-access-refused": {
    status: 403,
    title: "Wrong link key or password",
    description:
      "The access key does not match the link's: the password is wrong, or the URL's fragment is damaged. Nothing was served and no view counted. Wrong keys are limited per link.",
  },
  "link-limit": {
    status: 402,
    title: "Share link limit reached",
    description:
      "A free account keeps at most 10 live share links; revoke one, or upgrade for no count limit.",
  },
  "link-not-following": {
    status: 409,
    title: "Share link is a snapshot",
    description:
      "Only a link made to follow the note takes new content; a snapshot link serves what it was made with.",
  },
  "attachment-not-found": {
    status: 404,
    title: "Attachment not found",
    description:
      "No such attachment on this note, or (reading a chunk) that chunk has not been received yet.",
  },
  "attachment-exists": {
    status: 409,
    title: "Attachment already exists",
    description: "The client-chosen attachment id is in use. Read it to resume its upload.",
  },
  "direct-transfer-unavailable": {
    status: 409,
    title: "Direct transfer unavailable",
    description:
      "This attachment's chunks are kept by the server, not in an object store that presigns URLs: send and read them through the chunk routes. The attachment's `directTransfer` says which applies.",
  },
  "attachment-state": {
    status: 409,
    title: "Attachment state",
    description:
      "The upload is finished, so its chunks can no longer change; or it cannot be finished yet because chunks are missing (`detail` names them).",
  },
  "not-found": { status: 404, title: "Not found", description: "No resource at this path." },
  "method-not-allowed": {
    status: 405,
    title: "Method not allowed",
    description: "The path exists but not for this method; `Allow` lists the methods it takes.",
  },
  "no-tree-head": {
    status: 404,
    title: "No tree head",
    description:
      "The key-transparency log has no head for that epoch, or none published yet (docs/key-transparency.md): the first epoch closes within one interval of the server's start.",
  },
  "unknown-witness": {
    status: 403,
    title: "Unknown witness",
    description:
      "This server takes cosignatures only from the witnesses its operator named (`KT_WITNESS_KEYS`).",
  },
};

export function problemType(slug: string): ProblemType {
  const type = problemCatalogue[slug];
  if (!type) throw new Error(`unknown problem slug ${slug}`);
  return type;
}
