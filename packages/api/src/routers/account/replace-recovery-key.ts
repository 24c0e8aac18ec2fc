import { replaceRecoveryKey as replace } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { authKey, wrappedKey } from "../../schemas/credentials";
import { authedProcedure } from "../../trpc";

export const replaceRecoveryKey = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/account:replaceRecoveryKey",
      tags: ["account"],
      summary: "Replace the recovery key; the old recovery code stops working, sessions stay",
    },
    status: 204,
    problems: ["invalid-request", "credential-rejected"],
  })
  .input(z.object({ authKey, recoveryAuthKey: authKey, recoveryWrappedMasterKey: wrappedKey }))
  .output(noOutput)
  .mutation(({ ctx, input }) => replace(ctx.core, ctx.caller, input));
