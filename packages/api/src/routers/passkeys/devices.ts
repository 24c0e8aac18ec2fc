import { deletePasskey, getPasskey, listPasskeys } from "@notes/core";
import { z } from "zod";
import { noInput, noOutput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";
import { credentialId, deviceSchema } from "./schemas";

const idParam = z.object({ id: credentialId });

export const list = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/passkeys",
      tags: ["passkeys"],
      summary: "List the account's enrolled devices, newest first",
      description:
        "The passkeys enrolled on the account. One page: `nextPageToken` is always empty.",
    },
  })
  .input(noInput)
  .output(z.object({ passkeys: z.array(deviceSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx }) => ({
    passkeys: await listPasskeys(ctx.core, ctx.caller),
    nextPageToken: "" as const,
  }));

export const get = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/passkeys/{id}",
      tags: ["passkeys"],
      summary: "One enrolled device",
      description:
        "`id` is the url-safe Base64 credential id. Another account's credential is answered like an unknown one: 404.",
    },
    problems: ["invalid-request", "no-such-device"],
  })
  .input(idParam)
  .output(deviceSchema)
  .query(({ ctx, input }) => getPasskey(ctx.core, ctx.caller, input.id));

export const remove = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/passkeys/{id}",
      tags: ["passkeys"],
      summary: "Forget one enrolled device",
      description:
        "The passkey can no longer sign in. Only the account's own credential: another account's is 404.",
    },
    status: 204,
    problems: ["invalid-request", "no-such-device"],
  })
  .input(idParam)
  .output(noOutput)
  .mutation(({ ctx, input }) => deletePasskey(ctx.core, ctx.caller, input.id));
