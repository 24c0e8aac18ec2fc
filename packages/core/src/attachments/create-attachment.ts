// Starts an upload (issue 36): the attachment row with its wrapped key, sealed
// metadata and ciphertext shape. Its whole size is charged to the note owner's usage
// here, before a byte of it is sent, so an account without room gets the storage-full
// answer now and never halfway through; an abandoned upload gives it back when it is
// collected (collect-uploads.ts).

import { attachments } from "@notes/db";
import type { Core } from "../core";
import { DomainError, invalidRequest } from "../errors";
import { chargeStorage } from "../notes/storage";
import { isUniqueViolation } from "../shared/unique-violation";
import type { Caller } from "../types";
import {
  type AttachmentView,
  currentStore,
  findAttachment,
  MAX_ATTACHMENT_SIZE,
  MAX_CHUNK_SIZE,
  receivedChunks,
  requireNoteAccess,
  toView,
} from "./attachment-record";
import { collectAbandonedUploads } from "./collect-uploads";

export interface NewAttachment {
  id: string;
  wrappedKey: Uint8Array;
  metadata: Uint8Array;
  chunkSize: number;
  size: number;
}

export async function createAttachment(
  core: Core,
  caller: Caller,
  noteId: string,
  input: NewAttachment,
): Promise<AttachmentView> {
  if (input.size > MAX_ATTACHMENT_SIZE)
    throw new DomainError(
      "body-too-large",
      `The largest single file is ${MAX_ATTACHMENT_SIZE} bytes of ciphertext.`,
    );
  if (input.chunkSize > MAX_CHUNK_SIZE || input.chunkSize < 1)
    throw invalidRequest([{ pointer: "/chunkSize", detail: `Must be 1–${MAX_CHUNK_SIZE}.` }]);
  const chunkCount = Math.max(1, Math.ceil(input.size / input.chunkSize));
  const id = input.id.toLowerCase();
  const bytes = input.size + input.metadata.byteLength + input.wrappedKey.byteLength;
  const store = currentStore(core);
  try {
    await core.db.transaction(async (tx) => {
      const { ownerId } = await requireNoteAccess(tx, noteId, caller.accountId, "writer");
      await chargeStorage(tx, ownerId, bytes);
      await tx.insert(attachments).values({
        id,
        noteId,
        ownerId,
        uploaderId: caller.accountId,
        wrappedKey: input.wrappedKey,
        metadata: input.metadata,
        chunkSize: input.chunkSize,
        chunkCount,
        size: input.size,
        bytes,
        store: store.name,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("attachment-exists", "An attachment with this id already exists.");
    throw error;
  }
  // Each new upload sweeps a few abandoned ones: no timer to run, and the sweep is one
  // indexed read when there is nothing to collect.
  await collectAbandonedUploads(core).catch((error: unknown) =>
    core.log.warn({ err: error }, "collecting abandoned uploads failed"),
  );
  return toView(core, await findAttachment(core.db, noteId, id), await receivedChunks(core.db, id));
}
