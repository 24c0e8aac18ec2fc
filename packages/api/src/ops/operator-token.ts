// The operator token check of /ops/v1 (contract.md §10). Both sides are hashed
// first so the comparison is constant-time over equal-length digests: neither the
// token's content nor its length shows in how long a refusal takes.
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** True when `header` is `Bearer {token}` (scheme case-insensitive). */
export function operatorAuthorized(header: string | null, token: string): boolean {
  const match = /^Bearer +(.+)$/i.exec(header ?? "");
  // Compare even without a bearer credential, so that path costs the same.
  const same = timingSafeEqual(digest(match?.[1] ?? ""), digest(token));
  return match !== null && same;
}
