// Reading attachments (issue 36): list a note's, read one (with the chunks an upload
// still misses), download one chunk. Any live member.
import { listAttachments, readAttachment, readChunk } from "@notes/core";
import { z } from "zod";
import { attachmentId, attachmentSchema, chunkIndex } from "../../schemas/attachments";
import { base64Out } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

const PATH = "/notes/{id}/attachments";

export const list = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: PATH,
      tags: ["attachments"],
      summary: "The note's attachments, oldest first (any member)",
      description:
        "Uploads in progress are listed with `missingChunks`. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request", "note-not-found"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ attachments: z.array(attachmentSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx, input }) => ({
    attachments: await listAttachments(ctx.core, ctx.caller, input.id),
    nextPageToken: "" as const,
  }));

export const get = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: `${PATH}/{attachmentId}`,
      tags: ["attachments"],
      summary: "One attachment; while uploading, the chunks still missing (any member)",
      description:
        "The wrapped file key, sealed metadata and ciphertext shape. While the upload is in progress, `missingChunks` lists the indices still to send: an interrupted upload resumes from these. An attachment of another note, or none, answers 404 `attachment-not-found`.",
    },
    problems: ["invalid-request", "note-not-found", "attachment-not-found"],
  })
  .input(z.object({ id: noteId, attachmentId }))
  .output(attachmentSchema)
  .query(({ ctx, input }) => readAttachment(ctx.core, ctx.caller, input.id, input.attachmentId));

export const chunk = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: `${PATH}/{attachmentId}/chunks/{index}`,
      tags: ["attachments"],
      summary: "One chunk's ciphertext (any member)",
      description:
        'A chunk not received yet answers 404 `attachment-not-found`. The client checks each chunk against its index and the last-chunk flag (docs/client-crypto.md "Attachments").',
    },
    problems: ["invalid-request", "note-not-found", "attachment-not-found"],
  })
  .input(z.object({ id: noteId, attachmentId, index: chunkIndex }))
  .output(z.object({ data: base64Out.meta({ description: "nonce ‖ ciphertext ‖ tag" }) }))
  .query(async ({ ctx, input }) => ({
    data: Buffer.from(
      await readChunk(ctx.core, ctx.caller, input.id, input.attachmentId, input.index),
    ).toString("base64"),
  }));
