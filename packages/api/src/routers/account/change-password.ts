import { changePassword as change } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { authKey, wrappedKey } from "../../schemas/credentials";
import { authedProcedure } from "../../trpc";

export const changePassword = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/account:changePassword",
      tags: ["account"],
      summary: "Change the password; revokes every other session",
    },
    status: 204,
    problems: ["invalid-request", "credential-rejected"],
  })
  .input(
    z.object({ currentAuthKey: authKey, newAuthKey: authKey, newWrappedMasterKey: wrappedKey }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => change(ctx.core, ctx.caller, input));
