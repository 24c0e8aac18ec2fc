// Signing what this session writes (docs/client-crypto.md, "Signed content"; issue 21,
// attacks 3 and 4): every envelope sent to the server gets a signature block beside it,
// binding the note, the kind of object and the key epoch to this account.
import { fromBase64, type SignedKind, type Signer, type Sodium, signContent } from "@notes/crypto";
import type { Session } from "../vault/session";

type SignSodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">;

/** This session's account and signing key. */
export function signerOf(session: Pick<Session, "account" | "signingKeyPair">): Signer {
  return { userId: session.account.id, secretKey: session.signingKeyPair.secretKey };
}

/** The signature block of a Base64 envelope sealed under `key`, for note `noteId`. */
export function signEnvelope(
  sodium: SignSodium,
  signer: Signer,
  kind: Exclude<SignedKind, "liveUpdate" | "bridgeTransmission">,
  noteId: string,
  key: Uint8Array,
  envelope: string,
): string {
  return signContent(sodium, signer, { kind, scope: noteId, key }, fromBase64(envelope));
}
