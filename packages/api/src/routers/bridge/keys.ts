// Wraps of the bridge key: the caller's own, and sealing the key to a member.
import { listKeyWraps, membersLacking, sealKeyToMember } from "@notes/core";
import { z } from "zod";
import { epochId, keyWrapSchema, wrappedKey } from "../../schemas/bridge";
import { base64Out, noInput } from "../../schemas/common";
import { signingPublicKeyOut } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const listKeys = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/bridge/keys",
      tags: ["bridge"],
      summary: "Every wrap of the bridge key addressed to the caller, newest first",
      description:
        "One wrap per epoch the caller holds. Open with `crypto_box_seal_open` under the sharing keypair; the key's fingerprint must equal `epochId`.",
    },
    problems: ["bridge-access-required"],
  })
  .input(noInput)
  .output(
    z
      .object({ wraps: z.array(keyWrapSchema), nextPageToken: z.literal("") })
      .meta({ id: "BridgeKeyWraps" }),
  )
  .query(async ({ ctx }) => ({
    wraps: await listKeyWraps(ctx.core, ctx.caller),
    nextPageToken: "" as const,
  }));

export const sealKey = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/bridge/keys",
      tags: ["bridge"],
      summary: "Seal the bridge key of an epoch to one member (or to oneself)",
      description:
        "Both sides need bridge access (the recipient's lack answers 403 too) and the recipient a sharing public key (404 no-keypair). A recipient keeps the first wrap of an epoch: a repeat answers the stored wrap and changes nothing. `Location` is GET /v1/bridge/keys, where the recipient reads the wrap.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["invalid-request", "bridge-access-required", "user-not-found", "no-keypair"],
  })
  .input(z.object({ recipientId: z.uuid(), epochId, wrappedKey }))
  .output(keyWrapSchema)
  .mutation(async ({ ctx, input }) => {
    const wrap = await sealKeyToMember(ctx.core, ctx.caller, input);
    // A wrap has no URL of its own: the recipient reads it in their list of wraps.
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/bridge/keys`);
    return wrap;
  });

export const listLacking = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/bridge/members",
      tags: ["bridge"],
      summary: "Members who hold no wrap of an epoch yet, with their public keys",
      description:
        "Members with bridge access and a sharing public key lacking `epochId`, newest account first, at most 100: seal the key to them (POST /v1/bridge/keys) and ask again until the list is empty. This is how a member's client welcomes newcomers and hands a rotated key to everyone.",
    },
    problems: ["invalid-request", "bridge-access-required"],
  })
  .input(z.object({ epochId }))
  .output(
    z
      .object({
        members: z.array(
          z.object({
            userId: z.uuid(),
            publicKey: base64Out,
            signingPublicKey: signingPublicKeyOut.optional(),
          }),
        ),
      })
      .meta({ id: "BridgeMembersLacking" }),
  )
  .query(async ({ ctx, input }) => ({
    members: await membersLacking(ctx.core, ctx.caller, input.epochId),
  }));
