import { signOut as endSession } from "@notes/core";
import { noInput, noOutput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

export const signOut = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/sessions/current",
      tags: ["auth"],
      summary: "End the current session",
      description:
        "Signs out: the bearer token of this call stops working. The account's other sessions are untouched.",
    },
    status: 204,
  })
  .input(noInput)
  .output(noOutput)
  .mutation(({ ctx }) => endSession(ctx.core, ctx.caller));
