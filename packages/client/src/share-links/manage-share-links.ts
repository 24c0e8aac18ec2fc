// The owner's side after making links: list them (each live one with its URL again,
// from the keys wrapped to the master key), revoke one or all, and re-seal the links
// that follow a note after it changed (the server cannot: it never has the key).
import { loadSodium, openShareLinkOwnerKeys, type ShareLinkImage } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import type { Session } from "../vault/session";
import { sealForLink } from "./create-share-link";
import { shareLinkUrl } from "./share-link-url";

export type ListedShareLink = Output<"shareLinks.list">["links"][number] & {
  /** The link again, while live and its keys open here. */
  url?: string;
};

export async function listShareLinks(
  api: ApiClient,
  session: Session,
  options: { noteId?: string; origin?: string } = {},
): Promise<ListedShareLink[]> {
  const sodium = await loadSodium();
  const { links } = await api.call(
    "shareLinks.list",
    options.noteId ? { noteId: options.noteId } : {},
  );
  return links.map((link) => {
    if (!link.ownerKeys) return link;
    try {
      const { linkKey } = openShareLinkOwnerKeys(
        sodium,
        session.masterKey,
        link.id,
        link.ownerKeys,
      );
      return { ...link, url: shareLinkUrl(options.origin ?? api.baseUrl, link.id, linkKey) };
    } catch {
      // Keys this master key does not open are not this account's: no URL to show.
      return link;
    }
  });
}

export function revokeShareLink(api: ApiClient, id: string): Promise<void> {
  return api.call("shareLinks.revoke", { id });
}

export async function revokeAllShareLinks(api: ApiClient, noteId?: string): Promise<number> {
  return (await api.call("shareLinks.revokeAll", noteId ? { noteId } : {})).revoked;
}

/**
 * Seals the note again for each live link that follows it and replaces what the link
 * serves; answers how many were re-sealed. Call after the note's title or text changed.
 */
export async function resealShareLinks(
  api: ApiClient,
  session: Session,
  note: { id: string; title: string; text: string; images?: readonly ShareLinkImage[] },
): Promise<number> {
  const sodium = await loadSodium();
  const { links } = await api.call("shareLinks.list", { noteId: note.id });
  let resealed = 0;
  for (const link of links) {
    if (link.mode !== "follow" || link.state !== "live" || !link.ownerKeys) continue;
    const { contentKey } = openShareLinkOwnerKeys(
      sodium,
      session.masterKey,
      link.id,
      link.ownerKeys,
    );
    await api.call("shareLinks.reseal", {
      id: link.id,
      ...(await sealForLink(session, link.id, contentKey, note)),
    });
    resealed += 1;
  }
  return resealed;
}
