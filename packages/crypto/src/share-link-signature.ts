// The owner's signature over what a share link serves (docs/client-crypto.md, "Share
// links"): a signature block as Signed content's, kind 8, over the 99-byte message
//   "notes/signature/v1" ‖ 8 ‖ link id (16) ‖ first 16 bytes of BLAKE2b-256(contentKey)
//   ‖ owner id (16) ‖ BLAKE2b-256(envelope bytes)
// The epoch is the content key's fingerprint, which only holders of the link's secret
// can compute: the server, which never has it, cannot even form the message, so it can
// neither sign content of its own nor move a signature to another link.

import { fromBase64 } from "./base64";
import { type Signer, signContent, verifyContent } from "./content-signature";
import { shareLinkIdBytes } from "./share-link-id";
import type { Sodium } from "./sodium";

type SignSodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_detached">;
type VerifySodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_verify_detached">;

const context = (linkId: string, contentKey: Uint8Array) => ({
  kind: "shareLink" as const,
  scope: shareLinkIdBytes(linkId),
  key: contentKey,
});

/** The signature block (Base64, 80 bytes) of the sealed content `sealed` (Base64). */
export function signShareLink(
  sodium: SignSodium,
  signer: Signer,
  linkId: string,
  contentKey: Uint8Array,
  sealed: string,
): string {
  return signContent(sodium, signer, context(linkId, contentKey), fromBase64(sealed));
}

/** Whether `block` signs `sealed` for this link and key, under `signingPublicKey`. */
export function verifyShareLink(
  sodium: VerifySodium,
  signingPublicKey: Uint8Array,
  block: string,
  linkId: string,
  contentKey: Uint8Array,
  sealed: string,
): boolean {
  let body: Uint8Array;
  try {
    body = fromBase64(sealed);
  } catch {
    return false;
  }
  return verifyContent(sodium, signingPublicKey, block, context(linkId, contentKey), body);
}
