// Opens the master key with a passkey without asking the server (an app lock, issue 38):
// a local assertion (random challenge, never sent) with the PRF input every credential
// uses, SHA-256("notes/passkey-prf/v1") (docs/client-crypto.md, "Passkeys"), gives the
// PRF output; its wrap key opens the credential's wrap of the master key, which the app
// kept from enrolment or a passkey sign-in on this device.
import { derivePasskeyWrapKey, loadSodium, toBase64Url, unwrapKey } from "@notes/crypto";
import { PasskeyPrfUnsupported } from "./passkey-errors";
import { prfOutputOf, type WebAuthn } from "./webauthn";

export interface KeptPasskeyWrap {
  /** The credential (url-safe Base64 id). */
  credentialId: string;
  /** The master key under the credential's PRF wrap key. */
  wrappedMasterKey: string;
}

export async function passkeyPrfInput(): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode("notes/passkey-prf/v1"),
  );
  return toBase64Url(new Uint8Array(digest));
}

/** The master key, or throws (the person cancelled, or the key did not open). */
export async function unlockWithPasskey(
  webauthn: WebAuthn,
  wraps: readonly KeptPasskeyWrap[],
): Promise<Uint8Array> {
  const assertion = await webauthn.get({
    challenge: toBase64Url(crypto.getRandomValues(new Uint8Array(32))),
    allowCredentials: wraps.map((w) => ({ id: w.credentialId, type: "public-key" })),
    userVerification: "required",
    extensions: { prf: { eval: { first: await passkeyPrfInput() } } },
  });
  const prfOutput = prfOutputOf(assertion.clientExtensionResults);
  if (!prfOutput) throw new PasskeyPrfUnsupported();
  const wrap = wraps.find((w) => w.credentialId === assertion.id);
  if (!wrap) throw new PasskeyPrfUnsupported();
  return unwrapKey(
    await loadSodium(),
    await derivePasskeyWrapKey(prfOutput),
    wrap.wrappedMasterKey,
  );
}
