import { recover as recoverAccount } from "@notes/core";
import { z } from "zod";
import { authResponseSchema } from "../../schemas/account";
import { authKey, identifier, wrappedKey } from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";

export const recover = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/sessions:recover",
      tags: ["auth"],
      summary: "Sign in with the recovery auth key and set a new password",
      description:
        "Replaces the password credential and wrapped master key in one transaction and revokes every other session. Limits and `Device-Token` as for `POST /v1/sessions`.",
      protect: false,
    },
    requestHeaderNames: ["Device-Token"],
    problems: ["invalid-request", "authentication-failed"],
  })
  .input(
    z.object({
      identifier,
      recoveryAuthKey: authKey,
      newAuthKey: authKey,
      newWrappedMasterKey: wrappedKey,
    }),
  )
  .output(authResponseSchema)
  .mutation(({ ctx, input }) => recoverAccount(ctx.core, input, ctx.meta));
