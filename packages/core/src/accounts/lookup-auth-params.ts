// KDF parameters for an identifier. An unknown identifier gets deterministic,
// plausible parameters (HMAC of the identifier under the server secret), so the
// answer never reveals whether an account exists.
import type { Core } from "../core";
import { DEFAULT_KDF_ITERATIONS } from "../core";
import { toBase64 } from "../shared/base64";
import { normaliseIdentifier, parseIdentifier } from "../shared/identifier";
import { hmac } from "../shared/secrets";
import type { RequestMeta } from "../types";
import { findByIdentifier } from "./find-account";
import { enforceSignInLimits } from "./sign-in-limits";

export interface AuthParams {
  kdfIterations: number;
  kdfSalt: string;
}

export function fakeAuthParams(core: Core, normalised: string): AuthParams {
  const salt = hmac(core.config.serverSecret, normalised).subarray(0, 16);
  return { kdfIterations: DEFAULT_KDF_ITERATIONS, kdfSalt: toBase64(salt) };
}

export async function lookupAuthParams(
  core: Core,
  rawIdentifier: string,
  meta: RequestMeta,
): Promise<AuthParams> {
  const normalised = normaliseIdentifier(rawIdentifier);
  await enforceSignInLimits(core, rawIdentifier, meta);
  const identifier = parseIdentifier(rawIdentifier);
  const row = identifier ? await findByIdentifier(core.db, identifier) : undefined;
  if (!row) return fakeAuthParams(core, normalised);
  return { kdfIterations: row.kdfIterations, kdfSalt: toBase64(row.kdfSalt) };
}
