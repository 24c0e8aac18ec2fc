// Opening an attachment's key and metadata with the note's content keys, newest first
// (contract.md §9 rule 11), and holding what the server serves to what the sealed
// metadata says: the chunk count, chunk size and total size must be the ones the
// metadata's size and chunk size lay out, or the attachment is refused.
import {
  type AttachmentLayout,
  type AttachmentMetadata,
  attachmentLayout,
  InvalidAttachment,
  openAttachmentMetadata,
  type Sodium,
  unwrapFileKey,
} from "@notes/crypto";
import type { Output } from "../api/types";
import { openWithKeys } from "../keys/open-with-keys";

export type AttachmentRecord = Output<"attachments.get">;

export interface OpenedAttachment {
  record: AttachmentRecord;
  fileKey: Uint8Array;
  metadata: AttachmentMetadata;
  layout: AttachmentLayout;
  /** Position of the content key that opened the file key; 0 is the current key. */
  keyIndex: number;
}

export function openAttachmentRecord(
  sodium: Sodium,
  noteId: string,
  contentKeys: readonly Uint8Array[],
  record: AttachmentRecord,
): OpenedAttachment {
  if (record.noteId.toLowerCase() !== noteId.toLowerCase())
    throw new InvalidAttachment("the server answered an attachment of another note");
  const { value: fileKey, index: keyIndex } = openWithKeys(contentKeys, (key) =>
    unwrapFileKey(sodium, key, noteId, record.id, record.wrappedKey),
  );
  const metadata = openAttachmentMetadata(sodium, fileKey, record.id, record.metadata);
  return { record, fileKey, metadata, layout: servedLayout(record, metadata), keyIndex };
}

/** The layout the sealed metadata lays out, when the server's shape is that one; else refused. */
export function servedLayout(
  shape: { chunkCount: number; chunkSize: number; size: number },
  metadata: AttachmentMetadata,
): AttachmentLayout {
  const layout = attachmentLayout(metadata.size, metadata.chunkBytes);
  if (
    shape.chunkCount !== layout.chunkCount ||
    shape.chunkSize !== layout.sealedChunkBytes ||
    shape.size !== layout.sealedSize
  )
    throw new InvalidAttachment(
      `the server's shape (${shape.chunkCount} chunks, ${shape.size} bytes) is not the one the sealed metadata lays out (${layout.chunkCount} chunks, ${layout.sealedSize} bytes)`,
    );
  return layout;
}
