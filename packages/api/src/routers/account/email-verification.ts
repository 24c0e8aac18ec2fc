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
      summary:
        "Mail a verification token (valid 24 h, single use) to the address awaiting verification",
      description:
        "Takes no body. The token goes to `pendingEmail` when there is one, else to `email`, and is bound to that address. When the pending address already belongs to another account, its mailbox gets a notice and no token, and this answer is the same 202. Answers 400 when the account has no e-mail address; limited to 10 mails an hour per account (429).",
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
      description:
        "`token` is the one mailed by `POST /account:sendVerificationEmail` (single use, valid 24 hours); a wrong, used or expired token answers 400. A token for `pendingEmail` makes it the account's `email`, verified (and `discoverableByEmail` false: discovery was given for the old address). If another account took that address since the token was sent, the answer is 409 identifier-taken: the token is spent, `pendingEmail` is dropped, and the account keeps its current address. A token for an address the account no longer has or asks for is a 400. Answers the updated profile and its new `ETag`.",
    },
    problems: ["invalid-request", "identifier-taken"],
    responseHeaderNames: ["ETag"],
  })
  .input(z.object({ token: z.string().min(1).max(128) }))
  .output(accountSchema)
  .mutation(async ({ ctx, input }) => {
    const { account, etag } = await verify(ctx.core, ctx.caller, input.token);
    ctx.response.headers.set("ETag", etag);
    return account;
  });
