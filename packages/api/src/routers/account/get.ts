import { getAccount } from "@notes/core";
import { unlessNotModified } from "../../rest/not-modified";
import { accountSchema } from "../../schemas/account";
import { noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

export const get = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/account",
      tags: ["account"],
      summary: "The caller's profile, with the strong ETag a patch is held to",
      description:
        "`PATCH /account` wants this `ETag` in `If-Match`. Sent back in `If-None-Match`, it answers 304 with no body while the profile is unchanged.",
    },
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-None-Match"],
  })
  .input(noInput)
  .output(accountSchema)
  .query(async ({ ctx }) => {
    const { account, etag } = await getAccount(ctx.core, ctx.caller);
    unlessNotModified(ctx, etag);
    return account;
  });
