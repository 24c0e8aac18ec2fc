// Reading a share link without an account (docs/client-crypto.md, "Share links",
// reading): ask whether it serves and needs a password, derive the keys from the
// fragment's key (and the password), present only the access key, and take what is
// served only when it opens under the content key, is the content JSON, carries a
// signature that verifies under the signing key sealed inside it by the author it names,
// and the server names that same owner and key. The server never has the link key, so
// it can neither read the content nor make content that opens; the signature binds what
// is shown to the owner's long-term key, which the server publishes for the account.
import {
  DecryptionFailed,
  deriveShareLinkKeys,
  fromBase64,
  InvalidShareLinkContent,
  loadSodium,
  openShareLinkContent,
  readSignatureBlock,
  SHARE_LINK_MAX_ITERATIONS,
  SHARE_LINK_MIN_ITERATIONS,
  type ShareLinkContent,
  toBase64,
  verifyShareLink,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import { ShareLinkForged } from "./share-link-errors";

export type ShareLinkProbe = Output<"shareLinks.probe">;

export interface OpenedShareLink {
  id: string;
  content: ShareLinkContent;
  /**
   * The access key this reader presented (derived from the link key, never the link key
   * itself): the images' chunks are fetched with it (downloadSharedImage).
   */
  access: Uint8Array;
  /** What the server serves of the images `content.images` names (its word, checked on use). */
  attachments: Output<"shareLinks.open">["attachments"];
  /** Views counted, this one included, and the limit, as the server says. */
  views: number;
  maxViews?: number;
  expiresAt?: string;
}

export function probeShareLink(api: ApiClient, id: string): Promise<ShareLinkProbe> {
  return api.call("shareLinks.probe", { id });
}

/**
 * Opens link `id` with the fragment's key and, when the probe said so, the password.
 * Throws the server's problems as ApiProblem (link-access-refused for a wrong password,
 * link-expired, link-used-up, link-revoked) and ShareLinkForged for what it refuses.
 */
export async function openShareLink(
  api: ApiClient,
  link: { id: string; linkKey: Uint8Array; password?: string; kdfIterations?: number },
): Promise<OpenedShareLink> {
  const sodium = await loadSodium();
  let password: { password: string; iterations: number } | undefined;
  if (link.password !== undefined) {
    const iterations = link.kdfIterations ?? SHARE_LINK_MIN_ITERATIONS;
    if (iterations < SHARE_LINK_MIN_ITERATIONS || iterations > SHARE_LINK_MAX_ITERATIONS)
      throw new ShareLinkForged("weak-kdf");
    password = { password: link.password, iterations };
  }
  const { contentKey, accessKey } = await deriveShareLinkKeys(link.linkKey, link.id, password);
  const served = await api.call("shareLinks.open", { id: link.id, access: toBase64(accessKey) });
  let content: ShareLinkContent;
  try {
    content = openShareLinkContent(sodium, contentKey, link.id, served.sealed);
  } catch (error) {
    if (error instanceof InvalidShareLinkContent) throw new ShareLinkForged("malformed");
    if (error instanceof DecryptionFailed) throw new ShareLinkForged("unopenable");
    throw new ShareLinkForged("unopenable");
  }
  const author = content.sharedBy;
  let signer: string | undefined;
  try {
    signer = readSignatureBlock(served.signature).signerId;
  } catch {
    throw new ShareLinkForged("bad-signature");
  }
  const verified =
    signer === author.userId &&
    verifyShareLink(
      sodium,
      author.signingPublicKey,
      served.signature,
      link.id,
      contentKey,
      served.sealed,
    );
  if (!verified) throw new ShareLinkForged("bad-signature");
  const publishedKey = served.owner.signingPublicKey;
  if (
    served.owner.id.toLowerCase() !== author.userId ||
    (publishedKey !== undefined && !sameBytes(fromBase64(publishedKey), author.signingPublicKey))
  ) {
    throw new ShareLinkForged("owner-mismatch");
  }
  return {
    id: link.id,
    content,
    access: accessKey,
    attachments: served.attachments,
    views: served.views,
    ...(served.maxViews !== undefined && { maxViews: served.maxViews }),
    ...(served.expiresAt !== undefined && { expiresAt: served.expiresAt }),
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
