// The browser's WebAuthn behind the SDK's WebAuthn interface: JSON options become the
// binary arguments of navigator.credentials.create()/get(), and the credential comes
// back as JSON with its PRF output as url-safe Base64 (contract.md §2, §9).
import { fromBase64Url, toBase64Url } from "@notes/crypto";
import type {
  AssertionJSON,
  CreationOptionsJSON,
  CredentialDescriptorJSON,
  RegistrationJSON,
  RequestOptionsJSON,
  WebAuthn,
} from "./webauthn";

type PrfInputs = CreationOptionsJSON["extensions"];

const bytes = (text: string) => new Uint8Array(fromBase64Url(text));
const b64url = (buffer: ArrayBuffer) => toBase64Url(new Uint8Array(buffer));

function descriptors(
  list: CredentialDescriptorJSON[] | undefined,
): PublicKeyCredentialDescriptor[] | undefined {
  return list?.map((d) => ({
    id: bytes(d.id),
    type: "public-key",
    transports: d.transports as AuthenticatorTransport[] | undefined,
  }));
}

function prfInputs(extensions: PrfInputs): AuthenticationExtensionsClientInputs {
  return { prf: { eval: { first: bytes(extensions.prf.eval.first) } } };
}

interface PrfOutputs {
  enabled?: boolean;
  results?: { first?: ArrayBuffer };
}

function extensionResults(credential: PublicKeyCredential) {
  const prf = (credential.getClientExtensionResults() as { prf?: PrfOutputs }).prf;
  if (!prf) return {};
  const first = prf.results?.first;
  return {
    prf: {
      ...(prf.enabled !== undefined && { enabled: prf.enabled }),
      ...(first && { results: { first: b64url(first) } }),
    },
  };
}

function attachment(credential: PublicKeyCredential): "platform" | "cross-platform" | undefined {
  const value = credential.authenticatorAttachment;
  return value === "platform" || value === "cross-platform" ? value : undefined;
}

/** The JSON every credential shares around its ceremony-specific `response`. */
function envelope<R>(credential: PublicKeyCredential, response: R) {
  return {
    id: credential.id,
    rawId: b64url(credential.rawId),
    type: "public-key" as const,
    authenticatorAttachment: attachment(credential),
    response,
    clientExtensionResults: extensionResults(credential),
  };
}

export function browserWebAuthn(container: CredentialsContainer = navigator.credentials): WebAuthn {
  return {
    async create(options: CreationOptionsJSON): Promise<RegistrationJSON> {
      const publicKey: PublicKeyCredentialCreationOptions = {
        ...(options as unknown as PublicKeyCredentialCreationOptions),
        challenge: bytes(options.challenge),
        user: { ...options.user, id: bytes(options.user.id) },
        excludeCredentials: descriptors(options.excludeCredentials),
        extensions: prfInputs(options.extensions),
      };
      const credential = (await container.create({ publicKey })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAttestationResponse;
      return envelope(credential, {
        clientDataJSON: b64url(response.clientDataJSON),
        attestationObject: b64url(response.attestationObject),
        transports: response.getTransports?.(),
      });
    },
    async get(options: RequestOptionsJSON): Promise<AssertionJSON> {
      const publicKey: PublicKeyCredentialRequestOptions = {
        challenge: bytes(options.challenge),
        rpId: options.rpId,
        timeout: options.timeout,
        allowCredentials: descriptors(options.allowCredentials),
        userVerification: (options.userVerification ?? "required") as UserVerificationRequirement,
        extensions: prfInputs(options.extensions),
      };
      const credential = (await container.get({ publicKey })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      return envelope(credential, {
        clientDataJSON: b64url(response.clientDataJSON),
        authenticatorData: b64url(response.authenticatorData),
        signature: b64url(response.signature),
        userHandle: response.userHandle ? b64url(response.userHandle) : undefined,
      });
    },
  };
}

/** Whether this browser can run a passkey ceremony at all (PRF is only known after one). */
export function webAuthnAvailable(): boolean {
  return (
    typeof globalThis.PublicKeyCredential === "function" && !!globalThis.navigator?.credentials
  );
}
