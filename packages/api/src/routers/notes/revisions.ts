import { listRevisions, readRevision, storeRevision } from "@notes/core";
import { z } from "zod";
import { base64Out } from "../../schemas/common";
import { CONTENT_BODY_LIMIT, ciphertext, noteId, revisionSchema } from "../../schemas/notes";
import { signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const listRevisionsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}/revisions",
      tags: ["notes"],
      summary: "Revision descriptors, newest first (premium)",
      description:
        "Descriptors only; fetch a snapshot with `GET /notes/{id}/revisions/{revision}`. Without premium, 402 `premium-required`. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request", "premium-required", "note-not-found"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ revisions: z.array(revisionSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx, input }) => ({
    revisions: await listRevisions(ctx.core, ctx.caller, input.id),
    nextPageToken: "" as const,
  }));

export const storeRevisionProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}/revisions",
      tags: ["notes"],
      summary: "Store an encrypted revision snapshot (premium; owner or editor)",
      description:
        "`baseRevision` marks a delta over an earlier revision. The bytes count against the note owner's storage. `signature`, optional, is a signature block over `snapshot` that must name the caller; it counts in no storage.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: [
      "invalid-request",
      "premium-required",
      "free-storage-full",
      "view-only",
      "note-not-found",
      "note-deleted",
      "storage-full",
    ],
  })
  .input(
    z.object({
      id: noteId,
      snapshot: ciphertext("encrypted revision snapshot"),
      baseRevision: z.int().min(1).nullish(),
      epochId: z.string().min(1).max(64).nullish(),
      signature: signatureIn("`snapshot`").nullish(),
    }),
  )
  .output(revisionSchema)
  .mutation(async ({ ctx, input }) => {
    const revision = await storeRevision(ctx.core, ctx.caller, input.id, input);
    ctx.response.headers.set(
      "Location",
      `${ctx.core.config.publicUrl}/v1/notes/${input.id}/revisions/${revision.revision}`,
    );
    return revision;
  });

export const readRevisionProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}/revisions/{revision}",
      tags: ["notes"],
      summary: "One revision's encrypted snapshot (premium)",
      description:
        "`revision` is a number from the list. The snapshot is encrypted by the client under the note's content key. An unknown revision answers 404 `not-found`.",
    },
    problems: ["invalid-request", "premium-required", "note-not-found", "not-found"],
  })
  .input(z.object({ id: noteId, revision: z.coerce.number().int().min(1) }))
  .output(revisionSchema.extend({ snapshot: base64Out }).meta({ id: "Revision" }))
  .query(({ ctx, input }) => readRevision(ctx.core, ctx.caller, input.id, input.revision));
