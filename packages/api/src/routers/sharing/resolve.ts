import { resolveUser } from "@notes/core";
import { z } from "zod";
import { base64Out } from "../../schemas/common";
import { lookupProofOut } from "../../schemas/key-transparency";
import { signingPublicKeyOut } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const resolve = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/users:resolve",
      tags: ["sharing"],
      summary: "Resolve a handle or e-mail to its sharing public key",
      description:
        "Give exactly one of `handle` or `email`. An e-mail resolves only when it is verified and its owner made it discoverable. Unknown, undiscoverable and key-less users all answer the same 404. Limited to 30 look-ups a minute per account. A user found here may then be added to the caller's notes (`PUT /v1/notes/{id}/members` admits no one else), and when found by e-mail the caller's roster names them by that address.",
    },
    problems: ["invalid-request", "user-not-found"],
  })
  .input(
    z
      .object({
        handle: z.string().max(64).optional(),
        email: z.string().max(254).optional(),
      })
      .refine((v) => (v.handle === undefined) !== (v.email === undefined), {
        path: [],
        message: "Give exactly one of handle or email.",
      }),
  )
  .output(
    z
      .object({
        userId: z.uuid(),
        handle: z.string().optional(),
        publicKey: base64Out,
        signingPublicKey: signingPublicKeyOut.optional(),
        keyTransparency: lookupProofOut.optional().meta({
          description:
            "Inclusion proof of exactly these keys in the published key-transparency log (docs/key-transparency.md); absent while a publication waits for the next epoch. Clients that verify it take no key on the server's word alone; others may ignore it.",
        }),
      })
      .meta({ id: "ResolvedUser" }),
  )
  .mutation(({ ctx, input }) =>
    resolveUser(
      ctx.core,
      ctx.caller,
      input.handle !== undefined ? { handle: input.handle } : { email: input.email ?? "" },
    ),
  );
