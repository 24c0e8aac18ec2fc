// The owner's own copy of a share link's keys (docs/client-crypto.md, "Share links"), so
// the owner's devices can show the link again and re-seal a link that follows the note:
//   ownerKeys = Base64(nonce24 ‖ XChaCha20-Poly1305(masterKey, linkKey ‖ contentKey) ‖ tag16)
// with associated data "notes/share-link-keys/v1" ‖ the link id's 16 bytes. The content
// key is kept because with a password it cannot be derived from the link key alone.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { concatBytes } from "./concat-bytes";
import { assertLength } from "./errors";
import { SHARE_LINK_KEY_BYTES, shareLinkIdBytes } from "./share-link-id";
import { utf8Encode } from "./utf8";

export const SHARE_LINK_KEYS_LABEL = "notes/share-link-keys/v1";

export interface ShareLinkOwnerKeys {
  linkKey: Uint8Array;
  contentKey: Uint8Array;
}

const associatedData = (linkId: string) =>
  concatBytes([utf8Encode(SHARE_LINK_KEYS_LABEL), shareLinkIdBytes(linkId)]);

export function sealShareLinkOwnerKeys(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  linkId: string,
  keys: ShareLinkOwnerKeys,
  nonce?: Uint8Array,
): string {
  assertLength(keys.linkKey, SHARE_LINK_KEY_BYTES, "link key");
  assertLength(keys.contentKey, 32, "content key");
  return sealAead(
    sodium,
    masterKey,
    concatBytes([keys.linkKey, keys.contentKey]),
    associatedData(linkId),
    nonce,
  );
}

/** Throws DecryptionFailed for another key, another link's keys, or altered bytes. */
export function openShareLinkOwnerKeys(
  sodium: AeadSodium,
  masterKey: Uint8Array,
  linkId: string,
  sealed: string,
): ShareLinkOwnerKeys {
  const plain = openAead(sodium, masterKey, sealed, associatedData(linkId), "share link keys");
  assertLength(plain, 64, "share link keys");
  return { linkKey: plain.slice(0, 32), contentKey: plain.slice(32) };
}
