// Renaming, re-wrapping and removing an attachment (issue 36). Owners and editors.
import { removeAttachment, updateAttachment } from "@notes/core";
import { z } from "zod";
import {
  attachmentId,
  attachmentSchema,
  sealedAttachmentMetadata,
  wrappedFileKey,
} from "../../schemas/attachments";
import { noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

const PATH = "/notes/{id}/attachments/{attachmentId}";

export const update = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: PATH,
      tags: ["attachments"],
      summary: "Replace the sealed metadata (rename) or the wrapped file key (key rotation)",
      description:
        "When the note's content key rotates, the owner's device re-wraps each file key under the new key here; the chunks are never re-encrypted. A change in length moves the owner's usage.",
    },
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "view-only",
      "attachment-not-found",
      "free-storage-full",
      "storage-full",
    ],
  })
  .input(
    z.object({
      id: noteId,
      attachmentId,
      metadata: sealedAttachmentMetadata.nullish(),
      wrappedKey: wrappedFileKey.nullish(),
    }),
  )
  .output(attachmentSchema)
  .mutation(({ ctx, input }) =>
    updateAttachment(ctx.core, ctx.caller, input.id, input.attachmentId, input),
  );

export const remove = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: PATH,
      tags: ["attachments"],
      summary: "Remove an attachment, freeing its bytes",
      description:
        "The bytes leave the owner's usage at once, unless a revision was stored since the file was finished: then it is kept as `detached` (still counted and readable) until the note is deleted. Deleting a note frees all of its attachments.",
    },
    status: 204,
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "view-only",
      "attachment-not-found",
    ],
  })
  .input(z.object({ id: noteId, attachmentId }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    removeAttachment(ctx.core, ctx.caller, input.id, input.attachmentId),
  );
