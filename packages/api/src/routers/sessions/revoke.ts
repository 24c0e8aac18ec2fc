import { revokeSession } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

export const revoke = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/sessions/{id}",
      tags: ["auth"],
      summary: "Revoke one of the account's sessions",
      description:
        "Ends another of the caller's sessions (a lost device, say): its token stops working. An id that is not one of the caller's live sessions answers 404 `not-found`.",
    },
    status: 204,
    problems: ["invalid-request", "not-found"],
  })
  .input(z.object({ id: z.uuid() }))
  .output(noOutput)
  .mutation(({ ctx, input }) => revokeSession(ctx.core, ctx.caller, input.id));
