import { sendVerificationEmail as send, verifyEmail as verify } from "@notes/core";
import { z } from "zod";
import { accountSchema } from "../../schemas/account";
import { noInput, noOutput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

export const sendVerificationEmail = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/account:sendVerificationEmail",
      tags: ["account"],
      summary: "Mail a verification token (valid 24 h, single use) to the account's address",
      description: "Takes no body. Answers 400 when the account has no e-mail address.",
    },
    status: 202,
    problems: ["invalid-request"],
  })
  .input(noInput)
  .output(noOutput)
  .mutation(({ ctx }) => send(ctx.core, ctx.caller));

export const verifyEmail = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/account:verifyEmail",
      tags: ["account"],
      summary: "Confirm the e-mail address with the delivered token",
    },
    problems: ["invalid-request"],
    responseHeaderNames: ["ETag"],
  })
  .input(z.object({ token: z.string().min(1).max(128) }))
  .output(accountSchema)
  .mutation(async ({ ctx, input }) => {
    const { account, etag } = await verify(ctx.core, ctx.caller, input.token);
    ctx.response.headers.set("ETag", etag);
    return account;
  });
