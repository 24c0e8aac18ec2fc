import { compactNote } from "@notes/core";
import { z } from "zod";
import { CONTENT_BODY_LIMIT, ciphertext, coordinatesSchema, noteId } from "../../schemas/notes";
import { METADATA_SIGNATURE_ALONE, signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const compact = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}:compact",
      tags: ["notes"],
      summary: "Replace the snapshot with a client-compacted one and prune covered updates",
      description:
        "`coversVersion` must lie between the current snapshotVersion and version (else 409 stale-compaction). Owner or editor. What it replaces (the snapshot and the pruned updates) is kept for the owner, on any plan, as the note's previous compaction (`GET /notes/{id}/previous-compaction`), and counts in the owner's usage while kept. `snapshotSignature` signs the new snapshot (without it the new snapshot is unsigned); `metadataSignature` comes only with `metadata`. Pruned updates keep their signatures in the previous compaction.",
    },
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: [
      "invalid-request",
      "free-storage-full",
      "view-only",
      "note-not-found",
      "note-deleted",
      "storage-full",
      "stale-compaction",
    ],
  })
  .input(
    z
      .object({
        id: noteId,
        snapshot: ciphertext("encrypted full-state update"),
        coversVersion: z.int().min(0),
        metadata: ciphertext("encrypted metadata digest").nullish(),
        snapshotSignature: signatureIn("`snapshot`").nullish(),
        metadataSignature: signatureIn("`metadata`").nullish(),
      })
      .refine((v) => v.metadataSignature == null || v.metadata != null, {
        path: ["metadataSignature"],
        message: METADATA_SIGNATURE_ALONE,
      }),
  )
  .output(coordinatesSchema)
  .mutation(({ ctx, input }) => compactNote(ctx.core, ctx.caller, input.id, input));
