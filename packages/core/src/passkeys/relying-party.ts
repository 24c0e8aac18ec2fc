// The WebAuthn relying party (contract.md §2, §10, §9): RP ID and origin come from
// PUBLIC_URL; every ceremony asks for user verification, offers ES256 and EdDSA,
// lasts as long as its challenge, and requests the PRF extension with one fixed,
// public salt, so a credential yields the same PRF secret at enrolment and at
// every sign-in (the client wraps the master key under HKDF of it).
import { createHash } from "node:crypto";
import type { Core } from "../core";

export const CHALLENGE_MINUTES = 5;
export const CEREMONY_TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;
export const RP_NAME = "Notes";

/** COSE algorithm ids: ES256 (-7) and EdDSA (-8). */
export const ALGORITHMS = [-7, -8];

/** PRF input: url-safe Base64 of SHA-256("notes/passkey-prf/v1"); not a secret. */
export const PRF_SALT = createHash("sha256").update("notes/passkey-prf/v1").digest("base64url");

export const prfExtension = () => ({ prf: { eval: { first: PRF_SALT } } });

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(core: Core): RelyingParty {
  const url = new URL(core.config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}
