// A share link's two random values (docs/client-crypto.md, "Share links"): the link id,
// 16 random bytes the server knows the link by, and the link key, 32 random bytes that
// only the URL's fragment carries. They are drawn independently, so the id (in every
// request and log line) says nothing of the key. Both travel as url-safe Base64 without
// padding: `{origin}/s/{id}#{key}`, 22 and 43 characters.
import { fromBase64Url, toBase64Url } from "./base64";
import { InvalidEncoding } from "./errors";

export const SHARE_LINK_ID_BYTES = 16;
export const SHARE_LINK_KEY_BYTES = 32;

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

export function generateShareLinkId(): string {
  return toBase64Url(random(SHARE_LINK_ID_BYTES));
}

export function generateShareLinkKey(): Uint8Array {
  return random(SHARE_LINK_KEY_BYTES);
}

/** The id's 16 bytes; throws InvalidEncoding for anything but 22 url-safe characters of 16 bytes. */
export function shareLinkIdBytes(id: string): Uint8Array {
  return decodeExactly(id, SHARE_LINK_ID_BYTES, "a share link id");
}

/** The fragment's text for a link key. */
export function encodeShareLinkKey(key: Uint8Array): string {
  if (key.length !== SHARE_LINK_KEY_BYTES)
    throw new InvalidEncoding(`a link key is ${SHARE_LINK_KEY_BYTES} bytes`);
  return toBase64Url(key);
}

/** The link key a fragment carries (a leading `#` is ignored); throws InvalidEncoding otherwise. */
export function decodeShareLinkKey(fragment: string): Uint8Array {
  return decodeExactly(fragment.replace(/^#/, ""), SHARE_LINK_KEY_BYTES, "a link key");
}

function decodeExactly(text: string, length: number, what: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(text);
  } catch (cause) {
    throw new InvalidEncoding(`${what} is url-safe Base64 without padding`, { cause });
  }
  if (bytes.length !== length) throw new InvalidEncoding(`${what} is ${length} bytes`);
  return bytes;
}
