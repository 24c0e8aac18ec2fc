import { compactNote } from "@notes/core";
import { z } from "zod";
import { CONTENT_BODY_LIMIT, ciphertext, coordinatesSchema, noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const compact = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}:compact",
      tags: ["notes"],
      summary: "Replace the snapshot with a client-compacted one and prune covered updates",
      description:
        "`coversVersion` must lie between the current snapshotVersion and version (else 409 stale-compaction). Owner or editor. What it replaces (the snapshot and the pruned updates) is kept for the owner, on any plan, as the note's previous compaction (`GET /notes/{id}/previous-compaction`), and counts in the owner's usage while kept.",
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
    z.object({
      id: noteId,
      snapshot: ciphertext("encrypted full-state update"),
      coversVersion: z.int().min(0),
      metadata: ciphertext("encrypted metadata digest").nullish(),
    }),
  )
  .output(coordinatesSchema)
  .mutation(({ ctx, input }) => compactNote(ctx.core, ctx.caller, input.id, input));
