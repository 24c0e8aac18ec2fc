// The images a share link shows, for a reader without an account (docs/client-crypto.md,
// "Share links" and "Attachments"): the file key comes from the sealed, signed content,
// never from the server, which serves only the sealed metadata, the ciphertext shape and
// the chunks. So the metadata must open under that key with the attachment's id, the
// shape must be the one it lays out, and each chunk must open with its index and the
// last-chunk flag: a server that swaps in another file, reorders, drops or cuts chunks,
// or answers an image the content does not name, is refused.
import {
  type AttachmentMetadata,
  InvalidAttachment,
  loadSodium,
  openAttachmentMetadata,
  toBase64,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { servedLayout } from "../attachments/attachment-keys";
import { checkedChunks, readWhole } from "../attachments/download";
import type { TransferOptions } from "../attachments/upload";
import type { OpenedShareLink } from "./open-share-link";

export interface SharedImage {
  metadata: AttachmentMetadata;
  bytes: Uint8Array;
}

/** Downloads and checks image `imageId` of an opened link; throws InvalidAttachment or DecryptionFailed. */
export async function downloadSharedImage(
  api: ApiClient,
  link: OpenedShareLink,
  imageId: string,
  options: TransferOptions = {},
): Promise<SharedImage> {
  const id = imageId.toLowerCase();
  const image = link.content.images?.find((candidate) => candidate.id === id);
  if (!image) throw new InvalidAttachment("the link's content shows no such image");
  const served = link.attachments.find((candidate) => candidate.id.toLowerCase() === id);
  if (!served) throw new InvalidAttachment("the server no longer serves this image");
  const sodium = await loadSodium();
  const metadata = openAttachmentMetadata(sodium, image.key, id, served.metadata);
  const layout = servedLayout(served, metadata);
  const access = toBase64(link.access);
  const stream = checkedChunks(
    sodium,
    { id, fileKey: image.key, metadata, layout },
    (index) =>
      api
        .call("shareLinks.chunk", { id: link.id, attachmentId: id, index, access })
        .then(({ data }) => data),
    options,
  );
  return { metadata, bytes: await readWhole(stream, metadata.size) };
}
