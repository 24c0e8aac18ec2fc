// One account's place in the key-transparency log (issue 34): the inclusion proof any
// signed-in client verifies before pinning a key, and the account's own history, which
// only its own devices read (self-audit).
import { lookupProof, ownBindingHistory } from "@notes/core";
import { z } from "zod";
import { lookupProofOut } from "../../schemas/key-transparency";
import { authedProcedure } from "../../trpc";

export const proof = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/key-transparency/accounts/{id}",
      tags: ["key-transparency"],
      summary: "Inclusion proof of an account's keys",
      description:
        "The account's newest binding in the published tree, with its proof. 404 `user-not-found` when the account has none there yet (a key published since waits for the next epoch).",
    },
    problems: ["invalid-request", "user-not-found"],
  })
  .input(z.object({ id: z.uuid() }))
  .output(lookupProofOut)
  .query(({ ctx, input }) => lookupProof(ctx.core, input.id.toLowerCase()));

export const history = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/key-transparency/accounts/{id}/history",
      tags: ["key-transparency"],
      summary: "Every logged version of the caller's own binding",
      description:
        "Oldest first, with openings, up to the published head: a device checks that each version holds only its account's keys and names the one before. Only the account itself may read it; any other id answers 404 `user-not-found`.",
    },
    problems: ["invalid-request", "user-not-found", "no-tree-head"],
  })
  .input(z.object({ id: z.uuid() }))
  .output(
    z.object({
      versions: z.array(
        z.object({
          version: z.number().int().min(1),
          epoch: z.number().int().min(1),
          publicKey: z.string().meta({ format: "byte" }).optional(),
          signingPublicKey: z.string().meta({ format: "byte" }).optional(),
          prev: z.string().meta({ format: "byte" }),
          opening: z.string().meta({ format: "byte" }),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => ({
    versions: await ownBindingHistory(ctx.core, ctx.caller, input.id),
  }));
