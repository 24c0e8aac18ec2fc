import { listMembers } from "@notes/core";
import { z } from "zod";
import { memberSchema, noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const members = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}/members",
      tags: ["sharing"],
      summary: "The note's active members, owner first",
      description:
        "Any member may read the roster. Its `ETag` is what `PUT /notes/{id}/members` wants in `If-Match`. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request", "note-not-found"],
    responseHeaderNames: ["ETag"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ members: z.array(memberSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx, input }) => {
    const roster = await listMembers(ctx.core, ctx.caller, input.id);
    ctx.response.headers.set("ETag", roster.etag);
    return { members: roster.members, nextPageToken: "" as const };
  });
