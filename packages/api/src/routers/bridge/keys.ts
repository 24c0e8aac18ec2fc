// Wraps of the bridge key: the caller's own, and sealing the key to a member. A wrap
// may come as a signed handout (issue 33, item 1): the sender's signature block and the
// epoch number, both or neither, stored and served with it.
import { listKeyWraps, membersLacking, sealKeyToMember } from "@notes/core";
import { z } from "zod";
import { epochId, keyWrapSchema, wrappedKey } from "../../schemas/bridge";
import { base64Out, noInput } from "../../schemas/common";
import { lookupProofOut } from "../../schemas/key-transparency";
import { signatureIn, signatureOut, signingPublicKeyOut } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

const HANDOUT = 'the handout (docs/client-crypto.md "Signed bridge key handouts")';
const EPOCH_NUMBER =
  "The bridge epoch counter the handout names: 1 for the first signed epoch, one more at each rotation";

/** A wrap as served: the wrap, and its handout's signature and number when it was signed. */
const handoutSchema = keyWrapSchema
  .extend({
    signature: signatureOut(HANDOUT).optional(),
    epochNumber: z.int().optional().meta({ description: EPOCH_NUMBER }),
  })
  .meta({ id: "BridgeKeyHandout" });

export const listKeys = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/bridge/keys",
      tags: ["bridge"],
      summary: "Every wrap of the bridge key addressed to the caller, newest first",
      description:
        "One wrap per epoch the caller holds. Open with `crypto_box_seal_open` under the sharing keypair; the key's fingerprint must equal `epochId`. A signed handout carries `signature` and `epochNumber`: adopt an epoch as current only from a handout whose signature verifies under the signer's pinned key, numbered above the epoch held.",
    },
    problems: ["bridge-access-required"],
  })
  .input(noInput)
  .output(
    z
      .object({ wraps: z.array(handoutSchema), nextPageToken: z.literal("") })
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
        "Both sides need bridge access (the recipient's lack answers 403 too) and the recipient a sharing public key (404 no-keypair). A recipient keeps the first wrap of an epoch: a repeat answers the stored wrap and changes nothing. `Location` is GET /v1/bridge/keys, where the recipient reads the wrap. `signature` and `epochNumber` make it a signed handout: both or neither (400), and the block must name the caller (400); the server stores them without checking what they sign.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["invalid-request", "bridge-access-required", "user-not-found", "no-keypair"],
  })
  .input(
    z.object({
      recipientId: z.uuid(),
      epochId,
      wrappedKey,
      signature: signatureIn(HANDOUT).nullish(),
      epochNumber: z.int().min(1).max(Number.MAX_SAFE_INTEGER).nullish().meta({
        description: EPOCH_NUMBER,
      }),
    }),
  )
  .output(handoutSchema)
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
            keyTransparency: lookupProofOut.optional().meta({
              description:
                "Inclusion proof of exactly these keys in the published key-transparency log (docs/key-transparency.md); absent while a publication waits for the next epoch",
            }),
            handle: z.string().optional().meta({
              description:
                "The member's handle, when the account has one: newcomers are let in by name",
            }),
          }),
        ),
      })
      .meta({ id: "BridgeMembersLacking" }),
  )
  .query(async ({ ctx, input }) => ({
    members: await membersLacking(ctx.core, ctx.caller, input.epochId),
  }));
