// Passkey sign-in (contract.md §2, §9): the server checks the assertion and answers a
// session with the master key wrapped under the passkey's PRF secret; the PRF output
// unwraps it here and nothing else is needed (no password).
import { derivePasskeyWrapKey, loadSodium, unwrapKey } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Session } from "../vault/session";
import { openSessionKeys } from "../vault/unlock";
import { PasskeyAccountUnknown, PasskeyPrfUnsupported } from "./passkey-errors";
import { prfOutputOf, type WebAuthn, withoutPrfResults } from "./webauthn";

export type PasskeySignInInput =
  /** Sign in to this account: only its passkeys are offered (sessions:challengePasskey). */
  | { handle: string }
  /**
   * Discoverable (sessions:beginPasskey): the authenticator offers what it holds, and
   * `handleFor` names the account of the chosen credential (e.g. remembered at enrolment).
   */
  | { handleFor: (credentialId: string) => string | undefined | Promise<string | undefined> };

export interface PasskeySession extends Session {
  /** The credential that signed in (url-safe Base64 id). */
  credentialId: string;
  /** The master key under that credential's PRF wrap key, as the server sent it. */
  passkeyWrappedMasterKey: string;
}

export async function signInWithPasskey(
  api: ApiClient,
  webauthn: WebAuthn,
  input: PasskeySignInInput,
): Promise<PasskeySession> {
  const { options } =
    "handle" in input
      ? await api.call("sessions.challengePasskey", { handle: input.handle })
      : await api.call("sessions.beginPasskey", {});
  const assertion = await webauthn.get(options);
  const prfOutput = prfOutputOf(assertion.clientExtensionResults);
  if (!prfOutput) throw new PasskeyPrfUnsupported();
  const handle = "handle" in input ? input.handle : await input.handleFor(assertion.id);
  if (!handle) throw new PasskeyAccountUnknown(assertion.id);
  const auth = await api.call("sessions.finishPasskey", {
    credential: withoutPrfResults(assertion),
    handle,
  });
  const sodium = await loadSodium();
  const masterKey = unwrapKey(sodium, await derivePasskeyWrapKey(prfOutput), auth.wrappedMasterKey);
  const session = await openSessionKeys(api, handle, auth, masterKey);
  return { ...session, credentialId: assertion.id, passkeyWrappedMasterKey: auth.wrappedMasterKey };
}
