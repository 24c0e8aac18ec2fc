// Chunks straight between clients and the object store (issue 36): presigned URLs
// for an upload's or a download's chunks, and the note that a chunk sent to its URL
// arrived. Offered when the attachment's `directTransfer` is true.
import {
  confirmStoredChunk,
  MAX_PRESIGNED_CHUNKS,
  PRESIGN_SECONDS,
  presignChunks,
} from "@notes/core";
import { z } from "zod";
import { attachmentId, chunkIndex } from "../../schemas/attachments";
import { dateTime, noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

const PATH = "/notes/{id}/attachments/{attachmentId}";

/** What either operation may answer (a download URL is asked by any member, the rest by writers). */
const DIRECT_PROBLEMS = [
  "invalid-request",
  "note-not-found",
  "note-deleted",
  "view-only",
  "attachment-not-found",
  "attachment-state",
  "direct-transfer-unavailable",
] as const;

const presignedChunk = z
  .object({
    index: z.int(),
    method: z.enum(["PUT", "GET"]),
    url: z.string().meta({ description: "Absolute URL of the object store; send no credentials" }),
    headers: z.record(z.string(), z.string()).meta({
      description: "Headers to send as they are (part of the signature); often none",
    }),
  })
  .meta({ id: "PresignedChunk" });

export const presign = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: `${PATH}:presign`,
      tags: ["attachments"],
      summary: "Presigned URLs for chunks, straight to and from the object store",
      description: `Only when the attachment's \`directTransfer\` is true (its chunks are in an S3-compatible store that presigns); otherwise 409 \`direct-transfer-unavailable\`. \`upload\` (owner or editor, while uploading): a PUT URL per chunk that takes exactly that chunk's ciphertext bytes, raw (\`application/octet-stream\`, no Base64); after each PUT, \`POST …/chunks/{index}:stored\`. \`download\` (any member): a GET URL per chunk that has arrived (else 404 \`attachment-not-found\`), answering the raw ciphertext. At most ${MAX_PRESIGNED_CHUNKS} chunks a request; URLs expire after ${PRESIGN_SECONDS / 60} minutes. The store sees only ciphertext; the client checks every chunk as it does over the chunk routes. A browser needs the bucket's CORS to allow the app's origin (README).`,
    },
    problems: DIRECT_PROBLEMS,
  })
  .input(
    z.object({
      id: noteId,
      attachmentId,
      direction: z.enum(["upload", "download"]),
      indices: z
        .array(chunkIndex)
        .min(1)
        .max(MAX_PRESIGNED_CHUNKS)
        .refine((all) => new Set(all).size === all.length, "Each index at most once."),
    }),
  )
  .output(z.object({ expiresAt: dateTime, chunks: z.array(presignedChunk) }))
  .mutation(({ ctx, input }) =>
    presignChunks(
      ctx.core,
      ctx.caller,
      input.id,
      input.attachmentId,
      input.direction,
      input.indices,
    ),
  );

export const chunkStored = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: `${PATH}/chunks/{index}:stored`,
      tags: ["attachments"],
      summary: "Record a chunk sent to its presigned URL (owner or editor)",
      description:
        "The server checks the store holds exactly the chunk's ciphertext bytes (else 400 pointing at the index) and counts it as received, as `PUT …/chunks/{index}` does. Not in the store yet: 409 `attachment-state`. Idempotent.",
    },
    status: 204,
    problems: DIRECT_PROBLEMS,
  })
  .input(z.object({ id: noteId, attachmentId, index: chunkIndex }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    confirmStoredChunk(ctx.core, ctx.caller, input.id, input.attachmentId, input.index),
  );
