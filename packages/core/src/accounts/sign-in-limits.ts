// The credential endpoints' limits (contract.md §6): 30 a minute per IP and 10 a
// minute per identifier. The identifier's limit is shared by everyone who names the
// account, so anyone could spend it to keep the owner out (issue 22, finding 7). A
// request carrying a valid device token for that very account is counted in the
// device's own bucket instead; the anonymous bucket stays as it was.
import type { Core } from "../core";
import { readDeviceToken } from "../sessions/device-token";
import { normaliseIdentifier, parseIdentifier } from "../shared/identifier";
import { enforce } from "../shared/rate-limit";
import type { RequestMeta } from "../types";
import { findByIdentifier } from "./find-account";

/** The rate-limit key an attempt on `rawIdentifier` counts against. */
export async function signInBucket(
  core: Core,
  rawIdentifier: string,
  meta: RequestMeta,
): Promise<string> {
  const claim = readDeviceToken(core, meta.deviceToken);
  if (claim) {
    const identifier = parseIdentifier(rawIdentifier);
    const row = identifier ? await findByIdentifier(core.db, identifier) : undefined;
    // Another account's token (or a token for an account that is gone) is no token.
    if (row?.id === claim.accountId) return `signin:device:${claim.deviceId}`;
  }
  return `signin:id:${normaliseIdentifier(rawIdentifier)}`;
}

export function enforceSignInIpLimit(core: Core, meta: RequestMeta) {
  return enforce(core, `signin:ip:${meta.ip}`, core.config.limits.signInPerIp);
}

/** Both limits, counted before the attempt. */
export async function enforceSignInLimits(core: Core, rawIdentifier: string, meta: RequestMeta) {
  await enforceSignInIpLimit(core, meta);
  const bucket = await signInBucket(core, rawIdentifier, meta);
  await enforce(core, bucket, core.config.limits.signInPerIdentifier);
}
