// What a share link serves (docs/client-crypto.md, "Share links"): UTF-8 JSON
//   {"version":1,"title":…,"text":…,"createdAt":…,"sharedBy":{"userId":…,"handle":…,"signingPublicKey":…},
//    "images":[{"id":…,"key":…}]}
// written compactly in that order (handle only when the owner has one, images only when
// the note shows any: each an attachment id and its file key, so a reader can fetch and
// open exactly those attachments through the link), sealed with
// XChaCha20-Poly1305 under the link's content key with associated data
// "notes/share-link/v1" ‖ the link id's 16 bytes, so content cannot be moved between
// links. `text` is the note as Markdown (the export's form); `createdAt` when this
// content was sealed. `sharedBy` is the owner's own word about who shared it, inside the
// seal: the server can neither read nor change it.
import { type AeadSodium, openAead, sealAead } from "./aead";
import { fromBase64, toBase64 } from "./base64";
import { concatBytes } from "./concat-bytes";
import { InvalidShareLinkContent } from "./errors";
import { shareLinkIdBytes } from "./share-link-id";
import { utf8Decode, utf8Encode } from "./utf8";

export const SHARE_LINK_LABEL = "notes/share-link/v1";
export const SHARE_LINK_CONTENT_VERSION = 1;

export interface ShareLinkAuthor {
  userId: string;
  handle?: string;
  /** The owner's raw 32-byte Ed25519 signing key. */
  signingPublicKey: Uint8Array;
}

/** An image the link shows: an attachment of the note and its file key (docs: "Attachments"). */
export interface ShareLinkImage {
  /** The attachment id, lower-case. */
  id: string;
  /** The attachment's 32-byte file key. */
  key: Uint8Array;
}

export interface ShareLinkContent {
  title: string;
  text: string;
  /** RFC 3339 UTC: when this content was sealed. */
  createdAt: string;
  sharedBy: ShareLinkAuthor;
  /** Absent when the link shows no image; `text` names each as `![name](attachment:{id})`. */
  images?: ShareLinkImage[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Images a link may show (the server holds it to the same number of attachment ids). */
export const SHARE_LINK_MAX_IMAGES = 100;

export function shareLinkAssociatedData(linkId: string): Uint8Array {
  return concatBytes([utf8Encode(SHARE_LINK_LABEL), shareLinkIdBytes(linkId)]);
}

export function encodeShareLinkContent(content: ShareLinkContent): Uint8Array {
  const { userId, handle, signingPublicKey } = content.sharedBy;
  return utf8Encode(
    JSON.stringify({
      version: SHARE_LINK_CONTENT_VERSION,
      title: content.title,
      text: content.text,
      createdAt: content.createdAt,
      sharedBy: {
        userId: userId.toLowerCase(),
        ...(handle !== undefined && { handle }),
        signingPublicKey: toBase64(signingPublicKey),
      },
      ...(content.images?.length && {
        images: content.images.map((image) => ({
          id: image.id.toLowerCase(),
          key: toBase64(image.key),
        })),
      }),
    }),
  );
}

/** Reads any JSON of the shape (unknown members ignored); throws InvalidShareLinkContent otherwise. */
export function decodeShareLinkContent(plaintext: Uint8Array): ShareLinkContent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(plaintext));
  } catch (cause) {
    throw new InvalidShareLinkContent("the link's content is not UTF-8 JSON", { cause });
  }
  const record = asRecord(parsed);
  const by = asRecord(record?.sharedBy);
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const title = text(record?.title);
  const body = text(record?.text);
  const createdAt = text(record?.createdAt);
  const userId = text(by?.userId);
  const handle = by?.handle === undefined ? undefined : text(by.handle);
  const signingKey = text(by?.signingPublicKey);
  if (
    record?.version !== SHARE_LINK_CONTENT_VERSION ||
    title === undefined ||
    body === undefined ||
    createdAt === undefined ||
    userId === undefined ||
    signingKey === undefined ||
    (by?.handle !== undefined && handle === undefined)
  ) {
    throw new InvalidShareLinkContent("the link's content is not version 1 of its JSON");
  }
  let signingPublicKey: Uint8Array;
  try {
    signingPublicKey = fromBase64(signingKey);
  } catch (cause) {
    throw new InvalidShareLinkContent("sharedBy.signingPublicKey is not Base64", { cause });
  }
  if (signingPublicKey.length !== 32)
    throw new InvalidShareLinkContent("sharedBy.signingPublicKey is not 32 bytes");
  const images = record.images === undefined ? undefined : decodeImages(record.images);
  return {
    title,
    text: body,
    createdAt,
    sharedBy: {
      userId: userId.toLowerCase(),
      ...(handle !== undefined && { handle }),
      signingPublicKey,
    },
    ...(images?.length && { images }),
  };
}

/** `images`: at most SHARE_LINK_MAX_IMAGES distinct attachment ids, each with a 32-byte key. */
function decodeImages(value: unknown): ShareLinkImage[] {
  if (!Array.isArray(value) || value.length > SHARE_LINK_MAX_IMAGES)
    throw new InvalidShareLinkContent(`images is not a list of at most ${SHARE_LINK_MAX_IMAGES}`);
  const seen = new Set<string>();
  return value.map((item) => {
    const image = asRecord(item);
    const id = typeof image?.id === "string" ? image.id.toLowerCase() : "";
    if (!UUID.test(id) || seen.has(id))
      throw new InvalidShareLinkContent("an image's id is not a distinct attachment id");
    seen.add(id);
    let key: Uint8Array;
    try {
      key = fromBase64(typeof image?.key === "string" ? image.key : "");
    } catch (cause) {
      throw new InvalidShareLinkContent("an image's key is not Base64", { cause });
    }
    if (key.length !== 32) throw new InvalidShareLinkContent("an image's key is not 32 bytes");
    return { id, key };
  });
}

/** Base64(nonce ‖ ciphertext ‖ tag). Pass `nonce` only in known-answer tests. */
export function sealShareLinkContent(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  linkId: string,
  content: ShareLinkContent,
  nonce?: Uint8Array,
): string {
  return sealAead(
    sodium,
    contentKey,
    encodeShareLinkContent(content),
    shareLinkAssociatedData(linkId),
    nonce,
  );
}

/** Throws DecryptionFailed (wrong key or password, another link's content, altered) or InvalidShareLinkContent. */
export function openShareLinkContent(
  sodium: AeadSodium,
  contentKey: Uint8Array,
  linkId: string,
  sealed: string,
): ShareLinkContent {
  const plaintext = openAead(
    sodium,
    contentKey,
    sealed,
    shareLinkAssociatedData(linkId),
    "share link content",
  );
  return decodeShareLinkContent(plaintext);
}

/** The envelope's bytes, as the link's signature covers them. */
export const shareLinkEnvelopeBytes = fromBase64;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
