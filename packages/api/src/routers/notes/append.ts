import { appendUpdates } from "@notes/core";
import { z } from "zod";
import { CONTENT_BODY_LIMIT, ciphertext, coordinatesSchema, noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const append = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}/updates",
      tags: ["notes"],
      summary: "Append encrypted CRDT updates; optionally replace the metadata digest",
      description:
        "Each update raises `version` by one. A repeated `requestId` answers the first request's coordinates and appends nothing, until a compaction covers that batch. `updates` may be empty only when `metadata` is given.",
    },
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: [
      "invalid-request",
      "free-storage-full",
      "view-only",
      "note-not-found",
      "note-deleted",
      "storage-full",
    ],
  })
  .input(
    z
      .object({
        id: noteId,
        updates: z.array(ciphertext("encrypted update")).max(10_000),
        metadata: ciphertext("encrypted metadata digest").nullish(),
        requestId: z.uuid().nullish(),
      })
      .refine((v) => v.updates.length > 0 || v.metadata != null, {
        path: ["updates"],
        message: "Give at least one update, or metadata.",
      }),
  )
  .output(coordinatesSchema)
  .mutation(({ ctx, input }) => appendUpdates(ctx.core, ctx.caller, input.id, input));
