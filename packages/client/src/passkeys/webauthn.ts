// The WebAuthn ceremony as the SDK sees it: options JSON in (what /v1 answers),
// credential JSON out (PublicKeyCredential.toJSON(), PRF results included). The
// browser call is injected, so the passkey flows run in Node tests with a software
// authenticator and in any browser with browserWebAuthn().
import { fromBase64Url } from "@notes/crypto";
import type { Input, Output } from "../api/types";

/** A credential named in options (url-safe Base64 id). */
export interface CredentialDescriptorJSON {
  id: string;
  type: string;
  transports?: string[];
}

// The server's option schemas are loose objects; their optional members are spelled
// out here because router inference widens them to unknown.
export type CreationOptionsJSON = Output<"passkeys.beginEnrolment">["options"] & {
  rp: { name: string; id?: string };
  timeout?: number;
  excludeCredentials?: CredentialDescriptorJSON[];
};
export type RequestOptionsJSON = Output<"sessions.beginPasskey">["options"] & {
  rpId?: string;
  timeout?: number;
  allowCredentials?: CredentialDescriptorJSON[];
  userVerification?: string;
};
export type RegistrationJSON = Input<"passkeys.finishEnrolment">["credential"];
export type AssertionJSON = Input<"sessions.finishPasskey">["credential"];

export interface WebAuthn {
  /** navigator.credentials.create(); `clientExtensionResults.prf` as the authenticator gave it. */
  create(options: CreationOptionsJSON): Promise<RegistrationJSON>;
  /** navigator.credentials.get(); `clientExtensionResults.prf.results.first` url-safe Base64. */
  get(options: RequestOptionsJSON): Promise<AssertionJSON>;
}

type ExtensionResults = RegistrationJSON["clientExtensionResults"];

/** The PRF output of a ceremony, or undefined when the authenticator gave none. */
export function prfOutputOf(results: ExtensionResults): Uint8Array | undefined {
  const first = results.prf?.results?.first;
  return typeof first === "string" && first.length > 0 ? fromBase64Url(first) : undefined;
}

/**
 * The credential as the server takes it: the PRF output stays here (it unwraps the
 * master key), so `prf.results` is removed; the server refuses a credential carrying it.
 */
export function withoutPrfResults<C extends { clientExtensionResults: ExtensionResults }>(
  credential: C,
): C {
  const prf = credential.clientExtensionResults.prf;
  if (!prf) return credential;
  const { results: _dropped, ...rest } = prf;
  return {
    ...credential,
    clientExtensionResults: { ...credential.clientExtensionResults, prf: rest },
  };
}
