// Checking a signature block against the keys this device trusts (docs/client-crypto.md,
// "Signed content"; issue 21, attack 4). A block names its signer, but the key it is
// checked with comes from this device: its own signing key, or the key it pinned for
// that account (trust on first use, carried between devices, compared as safety
// numbers). The server's word never supplies the key at the moment of checking.
import { readSignatureBlock, type SignedContext, type Sodium, verifyContent } from "@notes/crypto";
import type { Session } from "../vault/session";
import { keyPinsOf } from "./pin-check";

export type SignatureCheck =
  /** No signature came with the content (a client of §9 alone, or one the server stripped). */
  | { status: "unsigned" }
  /** A block that is malformed, or that does not verify under the signer's pinned key. */
  | { status: "invalid"; signerId?: string }
  /** This device has no signing key pinned for the signer yet: nothing can be said. */
  | { status: "unknown-signer"; signerId: string }
  /** Signed by `signerId`; `verified` when its key is this account's or a compared pin. */
  | { status: "signed"; signerId: string; verified: boolean };

type VerifySodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_verify_detached">;

export function checkSignature(
  sodium: VerifySodium,
  session: Session,
  block: string | null | undefined,
  context: SignedContext,
  body: Uint8Array,
): SignatureCheck {
  if (block === null || block === undefined) return { status: "unsigned" };
  let signerId: string;
  try {
    signerId = readSignatureBlock(block).signerId;
  } catch {
    return { status: "invalid" };
  }
  const own = signerId === session.account.id.toLowerCase();
  const pin = own ? undefined : keyPinsOf(session).get(signerId);
  const key = own ? session.signingKeyPair.publicKey : pin?.signingPublicKey;
  if (!key) return { status: "unknown-signer", signerId };
  if (!verifyContent(sodium, key, block, context, body)) return { status: "invalid", signerId };
  return { status: "signed", signerId, verified: own || pin?.verified === true };
}

/** The signer a block names, without checking it (to fetch keys before checking). */
export function namedSigner(block: string | null | undefined): string | undefined {
  if (!block) return undefined;
  try {
    return readSignatureBlock(block).signerId;
  } catch {
    return undefined;
  }
}
