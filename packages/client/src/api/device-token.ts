// The device token (server: core/sessions/device-token.ts). Every sign-in answers a
// `deviceToken`; sent back as `Device-Token` on the account's later sign-in calls, it
// gives this device a rate limit of its own, so a stranger who spent the account's
// shared limit cannot keep this device out. It is no credential: it opens nothing.
import type { ProcedurePath } from "./types";

/** The calls that count against the per-identifier sign-in limit. */
const LIMITED_BY_IDENTIFIER: ReadonlySet<ProcedurePath> = new Set<ProcedurePath>([
  "accounts.lookupAuthParams",
  "accounts.lookupRecoveryKey",
  "sessions.signIn",
  "sessions.recover",
  "sessions.finishPasskey",
]);

export const sendsDeviceToken = (path: ProcedurePath): boolean => LIMITED_BY_IDENTIFIER.has(path);

/** The device token a response body carries, if any. */
export function deviceTokenIn(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || !("deviceToken" in body)) return undefined;
  return typeof body.deviceToken === "string" ? body.deviceToken : undefined;
}
