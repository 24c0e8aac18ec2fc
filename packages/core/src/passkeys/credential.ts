// What a client sends from navigator.credentials.create()/get(): the WebAuthn
// JSON serialisation (PublicKeyCredential.toJSON()), with the members the server
// reads. Client extension outputs are looked at for PRF only and never passed on.
import { invalidRequest } from "../errors";

export interface ClientExtensionResults {
  prf?: { enabled?: boolean; results?: unknown };
}

interface CredentialJson {
  /** url-safe Base64 credential id; rawId must be the same text. */
  id: string;
  rawId: string;
  type: "public-key";
  authenticatorAttachment?: "platform" | "cross-platform";
  clientExtensionResults: ClientExtensionResults;
}

export interface RegistrationCredential extends CredentialJson {
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
}

export interface AssertionCredential extends CredentialJson {
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
}

/**
 * PRF results are the secret the master key is wrapped under (contract.md §9):
 * the client keeps them. A credential that carries them is refused, so a client
 * that forgot to remove them finds out before it ships.
 */
export function refusePrfResults(results: ClientExtensionResults): void {
  if (results.prf?.results === undefined) return;
  throw invalidRequest(
    [
      {
        pointer: "/credential/clientExtensionResults/prf/results",
        detail: "PRF results unwrap the master key and must stay on the client: remove them.",
      },
    ],
    "The credential carries the PRF secret.",
  );
}
