// Enrolling a passkey that unlocks the vault (contract.md §9): create the credential
// with PRF requested, get its PRF output (at creation where the authenticator gives
// it, else from one assertion of the new credential), wrap the master key under
// HKDF(PRF output, "notes/passkey-wrap/v1") and store only that wrap with the
// credential. The PRF output itself never leaves this process.
import { derivePasskeyWrapKey, loadSodium, toBase64Url, wrapKey } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import type { Session } from "../vault/session";
import { PasskeyPrfUnsupported } from "./passkey-errors";
import {
  type CreationOptionsJSON,
  prfOutputOf,
  type WebAuthn,
  withoutPrfResults,
} from "./webauthn";

export type EnrolledDevice = Output<"passkeys.finishEnrolment">;

export interface EnrolPasskeyInput {
  /** The person's name for the device, 1–100 characters. */
  label: string;
}

export async function enrolPasskey(
  api: ApiClient,
  session: Pick<Session, "masterKey">,
  webauthn: WebAuthn,
  input: EnrolPasskeyInput,
): Promise<EnrolledDevice & { wrappedMasterKey: string }> {
  const { options } = await api.call("passkeys.beginEnrolment", {});
  const created = await webauthn.create(options);
  if (created.clientExtensionResults.prf?.enabled !== true) throw new PasskeyPrfUnsupported();
  const prfOutput =
    prfOutputOf(created.clientExtensionResults) ??
    (await prfByAssertion(webauthn, options, created.id));
  if (!prfOutput) throw new PasskeyPrfUnsupported();
  const sodium = await loadSodium();
  const wrappedMasterKey = wrapKey(
    sodium,
    await derivePasskeyWrapKey(prfOutput),
    session.masterKey,
  );
  const device = await api.call("passkeys.finishEnrolment", {
    credential: withoutPrfResults(created),
    label: input.label,
    wrappedMasterKey,
  });
  // The wrap too: an app can keep it to unlock with this passkey offline (unlockWithPasskey).
  return { ...device, wrappedMasterKey };
}

/**
 * Many authenticators evaluate the PRF only when asserting. This assertion is local:
 * its challenge is random and it is never sent, it only reads the PRF output.
 */
async function prfByAssertion(
  webauthn: WebAuthn,
  options: CreationOptionsJSON,
  credentialId: string,
): Promise<Uint8Array | undefined> {
  const assertion = await webauthn.get({
    challenge: toBase64Url(crypto.getRandomValues(new Uint8Array(32))),
    rpId: options.rp.id,
    timeout: options.timeout,
    allowCredentials: [{ id: credentialId, type: "public-key" }],
    userVerification: "required",
    extensions: options.extensions,
  });
  return prfOutputOf(assertion.clientExtensionResults);
}
