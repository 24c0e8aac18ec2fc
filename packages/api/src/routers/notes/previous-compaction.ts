// The note's previous compaction (issue 21, attack 6): what the last compaction
// replaced, for the owner to read back (any tier) or let go.
import { discardPreviousCompaction, readPreviousCompaction } from "@notes/core";
import { z } from "zod";
import { base64Out, dateTime, noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { signatureOut, updateSignaturesOut } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

const PATH = "/notes/{id}/previous-compaction";

const previousCompactionSchema = z
  .object({
    snapshot: base64Out.meta({ description: "The snapshot the compaction replaced (envelope)" }),
    snapshotSignature: signatureOut("the kept `snapshot`").optional(),
    snapshotVersion: z.int(),
    updates: z.array(base64Out).meta({
      description: "The updates snapshotVersion+1 … version, in order, as they were appended",
    }),
    updateSignatures: updateSignaturesOut.optional(),
    version: z.int().meta({ description: "The version the kept state reaches" }),
    bytes: z.int().meta({ description: "Bytes kept; they count against the owner's usage" }),
    compactedAt: dateTime.meta({ description: "When the latest compaction was made" }),
    compactedBy: z.uuid().optional().meta({ description: "Who made the latest compaction" }),
  })
  .meta({ id: "PreviousCompaction" });

export const readPreviousCompactionProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: PATH,
      tags: ["notes"],
      summary: "What the note's compactions replaced (owner only, any tier)",
      description:
        "A compaction keeps the snapshot it replaced and the updates it pruned. An editor's compaction adds to what is kept, so the kept snapshot is always the note's first one or the owner's own compaction and every version since can be rebuilt from it; the owner's next compaction after their own starts again. A member who is not the owner gets 403 `owner-required`; when nothing is kept, 404 `not-found`. The kept bytes count against the owner's usage until the owner discards them or a new generation replaces them.",
    },
    problems: ["invalid-request", "note-not-found", "owner-required", "not-found"],
  })
  .input(z.object({ id: noteId }))
  .output(previousCompactionSchema)
  .query(({ ctx, input }) => readPreviousCompaction(ctx.core, ctx.caller, input.id));

export const discardPreviousCompactionProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: PATH,
      tags: ["notes"],
      summary: "Let the note's previous compaction go, freeing its bytes (owner only)",
      description:
        "A member who is not the owner gets 403 `owner-required`; when nothing is kept, 404 `not-found`; a deleted note, 410 `note-deleted`.",
    },
    status: 204,
    problems: ["invalid-request", "note-not-found", "owner-required", "not-found", "note-deleted"],
  })
  .input(z.object({ id: noteId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => discardPreviousCompaction(ctx.core, ctx.caller, input.id));
