import { appendUpdates } from "@notes/core";
import { z } from "zod";
import { CONTENT_BODY_LIMIT, ciphertext, coordinatesSchema, noteId } from "../../schemas/notes";
import { METADATA_SIGNATURE_ALONE, ONE_PER_UPDATE, signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const append = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}/updates",
      tags: ["notes"],
      summary: "Append encrypted CRDT updates; optionally replace the metadata digest",
      description:
        "Each update raises `version` by one. A repeated `requestId` answers the first request's coordinates and appends nothing, until a compaction covers that batch. `updates` may be empty only when `metadata` is given. `signatures`, when given, holds one signature block per update in the same order; `metadataSignature` comes only with `metadata`, and new metadata without one is stored unsigned. A repeated `requestId` ignores them as it ignores the updates.",
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
        signatures: z
          .array(signatureIn("the update at the same index in `updates`"))
          .max(10_000)
          .meta({ description: "One signature block per update, in the same order" })
          .nullish(),
        metadataSignature: signatureIn("`metadata`").nullish(),
      })
      .refine((v) => v.updates.length > 0 || v.metadata != null, {
        path: ["updates"],
        message: "Give at least one update, or metadata.",
      })
      .refine((v) => v.signatures == null || v.signatures.length === v.updates.length, {
        path: ["signatures"],
        message: ONE_PER_UPDATE,
      })
      .refine((v) => v.metadataSignature == null || v.metadata != null, {
        path: ["metadataSignature"],
        message: METADATA_SIGNATURE_ALONE,
      }),
  )
  .output(coordinatesSchema)
  .mutation(({ ctx, input }) => appendUpdates(ctx.core, ctx.caller, input.id, input));
