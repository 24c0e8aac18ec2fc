import { leaveNote } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const leave = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}:leave",
      tags: ["sharing"],
      summary: "Leave a note shared with the caller (editor or viewer)",
      description:
        "No body. The caller's membership ends at once: their change feed shows the note as a tombstone (`deleted: true`, `role: revoked`), every remaining member's view moves (a new `memberCount`), their live-room sockets close with 4403, and from then on every read and write of theirs is 404. The content key does not change here: the owner's client rotates it as for a removal (docs/sharing.md). The owner cannot leave (403 owner-cannot-leave: delete the note instead); a caller who is not a member, or already left, gets 404 note-not-found; a deleted note answers 410.",
    },
    status: 204,
    problems: ["invalid-request", "note-not-found", "note-deleted", "owner-cannot-leave"],
  })
  .input(z.object({ id: noteId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => leaveNote(ctx.core, ctx.caller, input.id));
