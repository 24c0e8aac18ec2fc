// POST /v1/sessions:beginPasskey and :challengePasskey: request options with a
// fresh sign-in challenge. beginPasskey is for a discoverable credential (the
// authenticator offers its own); challengePasskey names the account's
// credentials in allowCredentials and binds the challenge to that account.
// An unknown handle, or an account without passkeys, gets the same kind of
// answer: credential ids derived from an HMAC of the handle under the server
// secret, stable from call to call, so the answer never tells whether the
// account exists or has passkeys.
import { passkeys } from "@notes/db";
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { asc, eq } from "drizzle-orm";
import { findByIdentifier } from "../accounts/find-account";
import { enforceSignInIpLimit } from "../accounts/sign-in-limits";
import type { Core } from "../core";
import { normaliseIdentifier, parseIdentifier } from "../shared/identifier";
import { hmac } from "../shared/secrets";
import type { RequestMeta } from "../types";
import { issueChallenge } from "./challenges";
import { CEREMONY_TIMEOUT_MS, prfExtension, relyingParty } from "./relying-party";

type AuthenticationOptions = Awaited<ReturnType<typeof generateAuthenticationOptions>>;

export type RequestOptions = Omit<AuthenticationOptions, "extensions"> & {
  extensions: ReturnType<typeof prfExtension>;
};

interface AllowedCredential {
  id: string;
  transports: string[];
}

async function requestOptions(
  core: Core,
  challenge: Uint8Array,
  allowCredentials?: AllowedCredential[],
): Promise<{ options: RequestOptions }> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(core).id,
    challenge: new Uint8Array(challenge),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
    ...(allowCredentials && { allowCredentials }),
  });
  return { options: { ...options, extensions: prfExtension() } };
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** Lengths real authenticators use for credential ids (synced passkeys, Windows Hello, keys). */
const FAKE_ID_LENGTHS = [16, 20, 32, 64];

/** One or two plausible credential ids for `normalised`, the same on every call. */
export function fakeCredentials(core: Core, normalised: string): AllowedCredential[] {
  const seed = hmac(core.config.serverSecret, `passkey-fake/v1:${normalised}`);
  const count = 1 + ((seed[0] ?? 0) % 2);
  return Array.from({ length: count }, (_, i) => {
    const bytes = hmac(core.config.serverSecret, `passkey-fake/v1:${i}:${normalised}`);
    const length = FAKE_ID_LENGTHS[(seed[i + 1] ?? 0) % FAKE_ID_LENGTHS.length] ?? 16;
    const id = Buffer.concat([bytes, seed]).subarray(0, length).toString("base64url");
    return { id, transports: ["hybrid", "internal"] };
  });
}

export async function beginPasskey(core: Core, meta: RequestMeta) {
  await enforceSignInIpLimit(core, meta);
  const challenge = await issueChallenge(core.db, "discoverable", null);
  return requestOptions(core, challenge.bytes);
}

export async function challengePasskey(core: Core, handle: string, meta: RequestMeta) {
  const normalised = normaliseIdentifier(handle);
  // Only the per-IP limit: the answer reveals nothing and is useless without the
  // authenticator, and an identifier limit here would let a stranger keep a
  // passkey holder from even starting (issue 22, finding 7).
  await enforceSignInIpLimit(core, meta);
  const identifier = parseIdentifier(handle);
  const account = identifier ? await findByIdentifier(core.db, identifier) : undefined;
  // The same queries whether or not the account exists (the nil uuid matches nothing).
  const enrolled = await core.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, account?.id ?? NIL_UUID))
    .orderBy(asc(passkeys.createdAt));
  const challenge = await issueChallenge(core.db, "sign-in", account?.id ?? null);
  const allow = enrolled.length > 0 ? enrolled : fakeCredentials(core, normalised);
  return requestOptions(core, challenge.bytes, allow);
}
