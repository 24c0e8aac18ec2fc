import { signIn as signInWithKey } from "@notes/core";
import { z } from "zod";
import { authResponseSchema } from "../../schemas/account";
import { authKey, identifier } from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";

export const signIn = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/sessions",
      tags: ["auth"],
      summary: "Sign in with the password-derived auth key",
      protect: false,
    },
    problems: ["invalid-request", "authentication-failed"],
  })
  .input(z.object({ authKey, identifier }))
  .output(authResponseSchema)
  .mutation(({ ctx, input }) => signInWithKey(ctx.core, input, ctx.meta));
