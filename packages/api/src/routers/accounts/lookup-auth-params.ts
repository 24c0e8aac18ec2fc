import { lookupAuthParams as lookup } from "@notes/core";
import { z } from "zod";
import { base64Out } from "../../schemas/common";
import { identifier } from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";

export const lookupAuthParams = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/accounts:lookupAuthParams",
      tags: ["auth"],
      summary: "KDF parameters for an identifier",
      description:
        "Answers for every identifier: an unknown one gets deterministic, plausible parameters, so the answer never reveals whether an account exists. Limited to 10 attempts a minute per identifier (and 30 per address); a `Device-Token` from an earlier sign-in of this account gives this device its own 10 (see `deviceToken`).",
      protect: false,
    },
    requestHeaderNames: ["Device-Token"],
    problems: ["invalid-request"],
  })
  .input(z.object({ identifier }))
  .output(z.object({ kdfIterations: z.int(), kdfSalt: base64Out }).meta({ id: "AuthParams" }))
  .mutation(({ ctx, input }) => lookup(ctx.core, input.identifier, ctx.meta));
