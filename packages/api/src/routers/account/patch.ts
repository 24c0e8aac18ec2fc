import { patchAccount } from "@notes/core";
import { z } from "zod";
import { accountSchema } from "../../schemas/account";
import { authedProcedure } from "../../trpc";

export const patch = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/account",
      tags: ["account"],
      summary: "Patch handle, e-mail or discovery by e-mail (JSON merge patch)",
      description:
        "Requires `If-Match` with the account's ETag. `handle: null` removes the handle, `email: null` the address (clearing `emailVerified`, `discoverableByEmail` and any `pendingEmail`); an account keeps at least one of the two. A new `email` does not replace the current one: it becomes `pendingEmail` until it is verified (account:sendVerificationEmail, then account:verifyEmail), and `email` stays the address to sign in with until then. The answer is the same 200 whether or not another account holds the address, so this cannot tell which addresses have accounts; only a handle can answer 409 identifier-taken. Giving the current address again withdraws a pending one. Requests that name an address are limited to 10 an hour per account (429). `discoverableByEmail: true` needs a verified e-mail.",
      contentTypes: ["application/json", "application/merge-patch+json"],
    },
    problems: [
      "invalid-request",
      "identifier-taken",
      "precondition-failed",
      "precondition-required",
    ],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-Match"],
  })
  .input(
    z.object({
      handle: z.string().max(64).nullable().optional(),
      email: z.string().max(254).nullable().optional(),
      discoverableByEmail: z.boolean().optional(),
    }),
  )
  .output(accountSchema)
  .mutation(async ({ ctx, input }) => {
    const { account, etag } = await patchAccount(
      ctx.core,
      ctx.caller,
      ctx.headers.get("if-match"),
      input,
    );
    ctx.response.headers.set("ETag", etag);
    return account;
  });
