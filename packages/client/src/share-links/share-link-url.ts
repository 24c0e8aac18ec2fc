// A share link's URL: `{origin}/s/{id}#{key}`. The key is only ever in the fragment,
// which browsers never send to a server; nothing here puts it anywhere else.
import { decodeShareLinkKey, encodeShareLinkKey, shareLinkIdBytes } from "@notes/crypto";
import { ShareLinkMalformed } from "./share-link-errors";

export const SHARE_LINK_PATH = "/s/";

export function shareLinkUrl(origin: string, id: string, linkKey: Uint8Array): string {
  return `${origin.replace(/\/$/, "")}${SHARE_LINK_PATH}${id}#${encodeShareLinkKey(linkKey)}`;
}

/** The id and key a link's URL (or its path and fragment) carries; throws ShareLinkMalformed. */
export function readShareLinkUrl(url: string): { id: string; linkKey: Uint8Array } {
  const parsed = new URL(url, "http://link.invalid");
  const id = parsed.pathname.startsWith(SHARE_LINK_PATH)
    ? parsed.pathname.slice(SHARE_LINK_PATH.length)
    : "";
  try {
    shareLinkIdBytes(id);
  } catch {
    throw new ShareLinkMalformed("the link's address has no link id");
  }
  try {
    return { id, linkKey: decodeShareLinkKey(parsed.hash) };
  } catch {
    throw new ShareLinkMalformed("the link's key (after #) is missing or damaged");
  }
}
