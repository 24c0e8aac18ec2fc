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
      description:
        "Answers a session `token` and a `deviceToken`: keep the latter and send it as the `Device-Token` header on this account's later sign-ins (lookupAuthParams, sessions, lookupRecoveryKey, sessions:recover, sessions:finishPasskey)." +
        " Limited to 10 attempts a minute per identifier (and 30 per address); a `Device-Token` from an earlier sign-in of this account gives this device its own 10 (see `deviceToken`). Without it, or with a token of another account or a forged one, the attempt counts against the identifier's shared limit, which anyone can spend.",
      protect: false,
    },
    requestHeaderNames: ["Device-Token"],
    problems: ["invalid-request", "authentication-failed"],
  })
  .input(z.object({ authKey, identifier }))
  .output(authResponseSchema)
  .mutation(({ ctx, input }) => signInWithKey(ctx.core, input, ctx.meta));
