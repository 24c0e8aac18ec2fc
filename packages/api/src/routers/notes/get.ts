import { getNote } from "@notes/core";
import { z } from "zod";
import { unlessNotModified } from "../../rest/not-modified";
import { noteId, noteStateSchema } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const get = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}",
      tags: ["notes"],
      summary: "One note's full state (snapshot plus later updates)",
      description: "A deleted note, or one the caller was removed from, reads as a tombstone.",
    },
    problems: ["invalid-request", "note-not-found"],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-None-Match"],
  })
  .input(z.object({ id: noteId }))
  .output(noteStateSchema)
  .query(async ({ ctx, input }) => {
    const { note, etag } = await getNote(ctx.core, ctx.caller, input.id);
    unlessNotModified(ctx, etag);
    return note;
  });
