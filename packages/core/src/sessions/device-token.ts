// Device tokens: OWASP's device-cookie pattern against targeted lock-out (issue 22,
// finding 7). Every sign-in answers a token, signed under the server secret, that
// names the account and a random device id. Presented again on a sign-in for that
// account, it moves the attempt from the identifier's shared limit to a limit of its
// own (accounts/sign-in-limits.ts), so failures from elsewhere cannot keep this
// device out. It grants nothing else (no session, no read). Stateless on purpose: a
// leaked token buys a stranger one more bucket of 10 guesses a minute for one account,
// the same as the anonymous bucket, and no table has to hold or expire them.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Core } from "../core";
import { hmac } from "../shared/secrets";

const VERSION = "dt1";

export interface DeviceClaim {
  accountId: string;
  deviceId: string;
}

function signature(core: Core, accountId: string, deviceId: string): string {
  const message = `device-token/v1:${accountId}:${deviceId}`;
  return hmac(core.config.serverSecret, message).toString("base64url");
}

export function mintDeviceToken(core: Core, accountId: string): string {
  const deviceId = randomBytes(16).toString("base64url");
  return `${VERSION}.${accountId}.${deviceId}.${signature(core, accountId, deviceId)}`;
}

/** The account and device a token names when its signature holds; undefined otherwise. */
export function readDeviceToken(core: Core, token: string | undefined): DeviceClaim | undefined {
  if (!token || token.length > 200) return undefined;
  const [version, accountId, deviceId, given, ...rest] = token.split(".");
  if (version !== VERSION || !accountId || !deviceId || !given || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(core, accountId, deviceId));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { accountId, deviceId };
}
