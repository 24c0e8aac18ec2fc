// Making a share link (docs/client-crypto.md, "Share links"): a fresh id and link key,
// the note's title and text sealed under the key derived from it (and the password),
// signed with the account's key, the keys wrapped to the master key for the owner's
// other devices, and only the access key's SHA-256 given to the server. The URL, with
// the key in its fragment, is answered to the caller and sent nowhere.
import {
  deriveShareLinkKeys,
  generateShareLinkId,
  generateShareLinkKey,
  loadSodium,
  SHARE_LINK_MIN_ITERATIONS,
  type ShareLinkImage,
  sealShareLinkContent,
  sealShareLinkOwnerKeys,
  shareLinkAccessVerifier,
  signShareLink,
  toBase64,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { Output } from "../api/types";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";
import { shareLinkUrl } from "./share-link-url";

export type ShareLink = Output<"shareLinks.create">;

export interface NewShareLink {
  noteId: string;
  title: string;
  /** The note as Markdown; an image it shows is `![name](attachment:{id})`. */
  text: string;
  /** The note's images the link shows, each with its file key (sealed, never sent clear). */
  images?: readonly ShareLinkImage[];
  mode: "snapshot" | "follow";
  /** Seconds until it expires (1 hour to 30 days); absent: never. */
  expiresIn?: number;
  maxViews?: number;
  password?: string;
  /** The origin the URL points at (the web app's); defaults to the API's. */
  origin?: string;
}

/**
 * Sealed content of the note for link `id`, its signature, and the attachment ids of
 * the images it shows (the server lets readers fetch exactly those through the link).
 */
export async function sealForLink(
  session: Session,
  id: string,
  contentKey: Uint8Array,
  note: { title: string; text: string; images?: readonly ShareLinkImage[] },
): Promise<{ sealed: string; signature: string; attachmentIds: string[] }> {
  const sodium = await loadSodium();
  const handle = session.account.handle;
  const images = (note.images ?? []).map(({ id, key }) => ({ id: id.toLowerCase(), key }));
  const sealed = sealShareLinkContent(sodium, contentKey, id, {
    title: note.title,
    text: note.text,
    ...(images.length > 0 && { images }),
    createdAt: new Date().toISOString(),
    sharedBy: {
      userId: session.account.id,
      ...(handle && { handle }),
      signingPublicKey: session.signingKeyPair.publicKey,
    },
  });
  return {
    sealed,
    signature: signShareLink(sodium, signerOf(session), id, contentKey, sealed),
    attachmentIds: images.map((image) => image.id),
  };
}

export async function createShareLink(
  api: ApiClient,
  session: Session,
  options: NewShareLink,
): Promise<{ link: ShareLink; url: string }> {
  const sodium = await loadSodium();
  const password = options.password
    ? { password: options.password, iterations: SHARE_LINK_MIN_ITERATIONS }
    : undefined;
  for (let attempt = 1; ; attempt++) {
    const id = generateShareLinkId();
    const linkKey = generateShareLinkKey();
    const { contentKey, accessKey } = await deriveShareLinkKeys(linkKey, id, password);
    const content = await sealForLink(session, id, contentKey, options);
    try {
      const link = await api.call("shareLinks.create", {
        noteId: options.noteId,
        id,
        mode: options.mode,
        ...content,
        ownerKeys: sealShareLinkOwnerKeys(sodium, session.masterKey, id, { linkKey, contentKey }),
        accessVerifier: toBase64(await shareLinkAccessVerifier(accessKey)),
        kdfIterations: password?.iterations ?? null,
        expiresIn: options.expiresIn ?? null,
        maxViews: options.maxViews ?? null,
      });
      return { link, url: shareLinkUrl(options.origin ?? api.baseUrl, id, linkKey) };
    } catch (error) {
      // 16 random bytes collide only by accident; draw again once.
      if (!isProblem(error, "link-exists") || attempt >= 2) throw error;
    }
  }
}
