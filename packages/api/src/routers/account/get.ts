import { getAccount } from "@notes/core";
import { NotModified } from "../../rest/not-modified";
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
    },
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-None-Match"],
  })
  .input(noInput)
  .output(accountSchema)
  .query(async ({ ctx }) => {
    const { account, etag } = await getAccount(ctx.core, ctx.caller);
    if (
      ctx.headers
        .get("if-none-match")
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      throw new NotModified(etag);
    ctx.response.headers.set("ETag", etag);
    return account;
  });
