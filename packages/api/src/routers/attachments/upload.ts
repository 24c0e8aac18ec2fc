// Uploading an attachment (issue 36): create → put chunks (idempotent by index, in
// any order, resumable) → finish.
import { createAttachment, finishAttachment, putChunk } from "@notes/core";
import { z } from "zod";
import {
  attachmentId,
  attachmentSchema,
  CHUNK_BODY_LIMIT,
  chunkData,
  chunkIndex,
  sealedAttachmentMetadata,
  wrappedFileKey,
} from "../../schemas/attachments";
import { noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

const PATH = "/notes/{id}/attachments";

export const create = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: PATH,
      tags: ["attachments"],
      summary: "Start uploading an attachment (owner or editor)",
      description:
        "Declares the file's ciphertext shape and charges its whole `size` (plus metadata and wrapped key) to the note owner's usage now, so a full account gets 402 `free-storage-full` or 403 `storage-full` before any chunk is sent. The chunk count is ⌈size / chunkSize⌉. A `size` past the largest single file (2 GiB of ciphertext) is 413 `body-too-large`. An upload idle for 24 hours is collected and its bytes given back.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "view-only",
      "free-storage-full",
      "storage-full",
      "attachment-exists",
      "body-too-large",
    ],
  })
  .input(
    z.object({
      id: noteId,
      attachmentId,
      wrappedKey: wrappedFileKey,
      metadata: sealedAttachmentMetadata,
      chunkSize: z
        .int()
        .min(1)
        .meta({ description: "Ciphertext bytes of every chunk but the last" }),
      size: z.int().min(1).meta({ description: "Ciphertext bytes of all chunks" }),
    }),
  )
  .output(attachmentSchema)
  .mutation(async ({ ctx, input }) => {
    const attachment = await createAttachment(ctx.core, ctx.caller, input.id, {
      id: input.attachmentId,
      wrappedKey: input.wrappedKey,
      metadata: input.metadata,
      chunkSize: input.chunkSize,
      size: input.size,
    });
    ctx.response.headers.set(
      "Location",
      `${ctx.core.config.publicUrl}/v1/notes/${input.id}/attachments/${attachment.id}`,
    );
    return attachment;
  });

export const putChunkProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: `${PATH}/{attachmentId}/chunks/{index}`,
      tags: ["attachments"],
      summary: "Put one chunk of an upload (idempotent by index)",
      description:
        "Every chunk but the last is exactly `chunkSize` bytes; the last is what remains of `size` (else 400 pointing at `/data`). Putting a chunk again replaces it. After the upload is finished, 409 `attachment-state`.",
    },
    status: 204,
    bodyLimit: CHUNK_BODY_LIMIT,
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "view-only",
      "attachment-not-found",
      "attachment-state",
      "body-too-large",
    ],
  })
  .input(z.object({ id: noteId, attachmentId, index: chunkIndex, data: chunkData }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    putChunk(ctx.core, ctx.caller, input.id, input.attachmentId, input.index, input.data),
  );

export const finish = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: `${PATH}/{attachmentId}:finish`,
      tags: ["attachments"],
      summary: "Finish an upload once every chunk has arrived",
      description:
        "The attachment becomes `complete` and its chunks fixed. Finishing again answers the same record. With chunks missing, 409 `attachment-state` naming them (read the attachment for `missingChunks`).",
    },
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "view-only",
      "attachment-not-found",
      "attachment-state",
    ],
  })
  .input(z.object({ id: noteId, attachmentId }))
  .output(attachmentSchema)
  .mutation(({ ctx, input }) =>
    finishAttachment(ctx.core, ctx.caller, input.id, input.attachmentId),
  );
