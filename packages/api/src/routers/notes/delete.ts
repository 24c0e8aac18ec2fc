import { deleteNote } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const remove = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/notes/{id}",
      tags: ["notes"],
      summary: "Delete a note, tombstoning it for every member (owner only)",
      description: "Deleting an already deleted note is a no-op (204).",
    },
    status: 204,
    problems: ["invalid-request", "note-not-found", "owner-required"],
  })
  .input(z.object({ id: noteId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => deleteNote(ctx.core, ctx.caller, input.id));
