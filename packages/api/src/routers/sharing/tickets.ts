import { issueFeedTicket, issueRoomTicket } from "@notes/core";
import { z } from "zod";
import { noInput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { ticketSchema } from "../../schemas/sharing";
import { authedProcedure, type ResponseControl } from "../../trpc";

/** The created ticket's resource is the WebSocket it opens: `Location` is its URL. */
function located<T extends { url: string }>(ctx: { response: ResponseControl }, ticket: T): T {
  ctx.response.headers.set("Location", ticket.url);
  return ticket;
}

export const feedTicket = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/feed-tickets",
      tags: ["notes"],
      summary: "A single-use ticket for one WebSocket on the caller's change feed",
      description:
        "Open `url` (also in `Location`) within 60 seconds. The feed sends `changes`, `account` and `revoked` events (README: realtime).",
    },
    status: 201,
    responseHeaderNames: ["Location"],
  })
  .input(noInput)
  .output(ticketSchema)
  .mutation(async ({ ctx }) => located(ctx, await issueFeedTicket(ctx.core, ctx.caller)));

export const roomTicket = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}/room-tickets",
      tags: ["sharing"],
      summary: "A single-use ticket admitting one WebSocket to the note's live room",
      description:
        "Open `url` (also in `Location`) within 60 seconds. Any member may join. Frames are opaque ciphertext relayed to the other members' sockets; a viewer's frames are dropped.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["invalid-request", "note-not-found", "note-deleted"],
  })
  .input(z.object({ id: noteId }))
  .output(ticketSchema)
  .mutation(async ({ ctx, input }) =>
    located(ctx, await issueRoomTicket(ctx.core, ctx.caller, input.id)),
  );
