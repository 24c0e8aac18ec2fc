// Renaming an attachment (new sealed metadata under its own key) and re-wrapping the
// file keys of a note under a rotated content key (issue 36): rotation never touches
// the chunks.
import {
  type AttachmentMetadata,
  type Sodium,
  sealAttachmentMetadata,
  wrapFileKey,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { type OpenedAttachment, openAttachmentRecord } from "./attachment-keys";

export async function renameAttachment(
  api: ApiClient,
  sodium: Sodium,
  opened: OpenedAttachment,
  name: string,
): Promise<OpenedAttachment> {
  const metadata: AttachmentMetadata = { ...opened.metadata, name };
  const record = await api.call("attachments.update", {
    id: opened.record.noteId,
    attachmentId: opened.record.id,
    metadata: sealAttachmentMetadata(sodium, opened.fileKey, opened.record.id, metadata),
  });
  return { ...opened, record, metadata };
}

/**
 * After the note's content key rotated: every attachment whose key opens only under a
 * former key is wrapped again under `newKey`. Answers how many were re-wrapped.
 */
export async function rewrapAttachmentKeys(
  api: ApiClient,
  sodium: Sodium,
  noteId: string,
  newKey: Uint8Array,
  formerKeys: readonly Uint8Array[],
): Promise<number> {
  const { attachments } = await api.call("attachments.list", { id: noteId });
  let rewrapped = 0;
  for (const record of attachments) {
    const opened = openAttachmentRecord(sodium, noteId, [newKey, ...formerKeys], record);
    if (opened.keyIndex === 0) continue;
    await api.call("attachments.update", {
      id: noteId,
      attachmentId: record.id,
      wrappedKey: wrapFileKey(sodium, newKey, noteId, record.id, opened.fileKey),
    });
    rewrapped++;
  }
  return rewrapped;
}

export async function removeAttachment(
  api: ApiClient,
  noteId: string,
  attachmentId: string,
): Promise<void> {
  await api.call("attachments.remove", { id: noteId, attachmentId });
}
