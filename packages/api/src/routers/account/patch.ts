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
        "Requires `If-Match` with the account's ETag. `email: null` removes the address, `handle: null` the handle; an account keeps at least one. Changing or removing the e-mail clears `emailVerified` and `discoverableByEmail`. `discoverableByEmail: true` needs a verified e-mail.",
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
