import { deleteAccount } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { authKey } from "../../schemas/credentials";
import { authedProcedure } from "../../trpc";

export const remove = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/account:delete",
      tags: ["account"],
      summary: "Delete the account after re-verifying the caller's auth key",
      description:
        "A live subscription is cancelled with the payment provider first; when it cannot be reached the account stays and the answer is 503 billing-unavailable.",
    },
    status: 204,
    problems: ["invalid-request", "credential-rejected", "billing-unavailable"],
  })
  .input(z.object({ authKey }))
  .output(noOutput)
  .mutation(({ ctx, input }) => deleteAccount(ctx.core, ctx.caller, input.authKey));
