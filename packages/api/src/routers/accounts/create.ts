import { createAccount } from "@notes/core";
import { z } from "zod";
import { authResponseSchema } from "../../schemas/account";
import * as c from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";

export const create = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/accounts",
      tags: ["auth"],
      summary: "Create an account and open a session",
      protect: false,
    },
    status: 201,
    problems: ["invalid-request", "identifier-taken"],
    responseHeaderNames: ["Location"],
  })
  .input(
    z.object({
      authKey: c.authKey,
      identifier: c.identifier,
      kdfIterations: c.kdfIterations,
      kdfSalt: c.kdfSalt,
      recoveryAuthKey: c.authKey,
      recoveryWrappedMasterKey: c.wrappedKey,
      wrappedMasterKey: c.wrappedKey,
    }),
  )
  .output(authResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await createAccount(ctx.core, input, ctx.meta);
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/account`);
    return result;
  });
