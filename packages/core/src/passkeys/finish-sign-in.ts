// POST /v1/sessions:finishPasskey: a passkey assertion opens a session. The
// challenge is consumed first (used, expired or unknown → refused, and a refused
// attempt uses it up); the credential must be enrolled, belong to the account the
// challenge was issued for (challengePasskey) and to the account `handle` names;
// the signature, origin, RP ID and user verification must verify; and a non-zero
// signCount must exceed the stored one (contract.md §11), checked again in the
// conditional UPDATE so two assertions racing with one counter value cannot both
// pass. Every failure is the same 401 passkey-refused.
//
// Limits: the per-IP limit counts every attempt first; the per-identifier limit
// counts only refused ones, after the fact. A valid assertion cannot be guessed, so
// the identifier's limit has nothing to protect from it, and charging it up front
// would let a stranger who spent that limit keep the passkey holder out (issue 22,
// finding 7). Refusals past the limit answer 429 as before.
import { passkeys, rows } from "@notes/db";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import { type AuthResponse, accountView, keysView } from "../accounts/account-view";
import { getAccountRow } from "../accounts/find-account";
import { enforceSignInIpLimit, signInBucket } from "../accounts/sign-in-limits";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { mintDeviceToken } from "../sessions/device-token";
import { openSession } from "../sessions/open-session";
import { toBase64 } from "../shared/base64";
import { parseIdentifier } from "../shared/identifier";
import { enforce } from "../shared/rate-limit";
import type { RequestMeta } from "../types";
import { challengeOf, consumeChallenge } from "./challenges";
import { type AssertionCredential, refusePrfResults } from "./credential";
import { challengeRefused, passkeyRefused } from "./errors";
import { relyingParty } from "./relying-party";

export interface PasskeySignIn {
  credential: AssertionCredential;
  /** The account's handle (or e-mail address): the rate-limit key, checked against the credential. */
  handle: string;
}

export type PasskeyAuthResponse = AuthResponse & { wrappedMasterKey: string };

type AccountRow = Awaited<ReturnType<typeof getAccountRow>>;
type Passkey = typeof passkeys.$inferSelect;

function names(account: AccountRow, handle: string): boolean {
  const identifier = parseIdentifier(handle);
  if (!identifier) return false;
  const own = identifier.kind === "handle" ? account.handle : account.email;
  return own === identifier.value;
}

/** The new counter when the signature verifies; undefined otherwise. */
async function verifiedCounter(
  core: Core,
  credential: AssertionCredential,
  challenge: string,
  passkey: Passkey,
): Promise<number | undefined> {
  const rp = relyingParty(core);
  try {
    const result = await verifyAuthenticationResponse({
      response: { ...credential, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Counter 0 here leaves the signCount rule to us: the library would also
      // refuse a 0 after a non-zero count, which contract.md §11 accepts.
      credential: { id: passkey.id, publicKey: new Uint8Array(passkey.publicKey), counter: 0 },
      requireUserVerification: true,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch (error) {
    core.log.info({ err: (error as Error).message }, "passkey assertion not verified");
    return undefined;
  }
}

export async function finishPasskey(
  core: Core,
  input: PasskeySignIn,
  meta: RequestMeta,
): Promise<PasskeyAuthResponse> {
  refusePrfResults(input.credential.clientExtensionResults);
  await enforceSignInIpLimit(core, meta);
  try {
    return await signInWithAssertion(core, input, meta);
  } catch (error) {
    if (error instanceof DomainError) {
      const bucket = await signInBucket(core, input.handle, meta);
      await enforce(core, bucket, core.config.limits.signInPerIdentifier);
    }
    throw error;
  }
}

async function signInWithAssertion(
  core: Core,
  input: PasskeySignIn,
  meta: RequestMeta,
): Promise<PasskeyAuthResponse> {
  const { credential } = input;
  const challenge = challengeOf(credential.response.clientDataJSON);
  const consumed =
    challenge && (await consumeChallenge(core.db, challenge, ["sign-in", "discoverable"]));
  if (!challenge || !consumed) throw challengeRefused();

  const [passkey] = await core.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, credential.id))
    .limit(1);
  if (!passkey) throw passkeyRefused();
  if (consumed.ceremony === "sign-in" && consumed.accountId !== passkey.accountId)
    throw passkeyRefused();
  const account = await getAccountRow(core.db, passkey.accountId);
  if (!names(account, input.handle)) throw passkeyRefused();

  const counter = await verifiedCounter(core, credential, challenge, passkey);
  if (counter === undefined) throw passkeyRefused();
  return core.db.transaction(async (tx) => {
    const [used] = await rows<{ wrapped_master_key: Uint8Array }>(
      tx,
      sql`update passkeys set sign_count = greatest(sign_count, ${counter}), last_used_at = now()
          where id = ${passkey.id} and (${counter} = 0 or sign_count < ${counter})
          returning wrapped_master_key`,
    );
    if (!used) throw passkeyRefused("The authenticator's signature counter did not increase.");
    const { token } = await openSession(tx, account.id, meta);
    return {
      account: accountView(account),
      keys: keysView(account),
      token,
      deviceToken: mintDeviceToken(core, account.id),
      wrappedMasterKey: toBase64(used.wrapped_master_key),
    };
  });
}
