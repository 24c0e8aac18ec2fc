import { claimDeviceLink, putClaimer, putSeal, readHandshake, readSeal } from "@notes/core";
import { z } from "zod";
import { base64Bytes, base64Out, noOutput } from "../../schemas/common";
import { authedProcedure, linkClaimProcedure, publicProcedure } from "../../trpc";

const linkId = z.uuid().meta({ description: "Device-link id" });
const sealSchema = z.object({
  sealerPubKey: base64Bytes(1, 128, "Base64 ephemeral ECDH P-256 public key (SPKI)"),
  // 512 KiB: room for the seen heads the payload carries (issue 33, item 12).
  sealed: base64Bytes(13, 524_288, "Base64 12-byte nonce ‖ AES-GCM ciphertext"),
});

export const read = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/device-links/{id}",
      tags: ["device-links"],
      summary: "The owning device's own handshake",
      description:
        "Scoped to the owner's account; anyone else, and everyone after expiry, gets 404.",
    },
    problems: ["invalid-request", "no-such-handshake"],
  })
  .input(z.object({ id: linkId }))
  .output(
    z
      .object({
        status: z.enum(["pending", "offered", "sealed", "claimed"]),
        claimerPubKey: base64Out.optional(),
        claimerProof: base64Out.optional(),
        claimerLabel: z.string().optional().meta({
          description:
            'The claiming device as its User-Agent names it ("Chrome on Linux"), present from `offered` on, for the owner to recognise before sealing. Not proof of identity: the claimer proof is.',
        }),
      })
      .meta({ id: "HandshakeStatus" }),
  )
  .query(({ ctx, input }) => readHandshake(ctx.core, ctx.caller, input.id));

export const claimer = publicProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/device-links/{id}/claimer",
      tags: ["device-links"],
      summary: "Put the claiming device's ephemeral public key and QR proof",
      description:
        "No session. pending → offered, once: a different key afterwards, or after expiry, is 409; the same key and proof again change nothing.",
      protect: false,
    },
    status: 204,
    problems: ["invalid-request", "no-such-handshake", "handshake-state"],
  })
  .input(
    z.object({
      id: linkId,
      claimerPubKey: base64Bytes(1, 128, "Base64 ephemeral ECDH P-256 public key (SPKI)"),
      claimerProof: base64Bytes(32, 32, "Base64 HMAC-SHA256(secret, claimerPubKey)"),
    }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => putClaimer(ctx.core, input.id, input, ctx.meta));

export const putSealProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/device-links/{id}/seal",
      tags: ["device-links"],
      summary: "Put the owning device's ephemeral public key and the sealed payload",
      description:
        "offered → sealed. The same seal again changes nothing; anything else out of order, or after expiry, is 409.",
    },
    status: 204,
    problems: ["invalid-request", "no-such-handshake", "handshake-state"],
  })
  .input(sealSchema.extend({ id: linkId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => putSeal(ctx.core, ctx.caller, input.id, input));

export const readSealProcedure = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/device-links/{id}/seal",
      tags: ["device-links"],
      summary: "Read the seal back as it was put (the claiming device)",
      description:
        "No session. Only while the link is sealed and alive; before, after the claim or after expiry it is 404 not-sealed.",
      protect: false,
    },
    problems: ["invalid-request", "not-sealed"],
  })
  .input(z.object({ id: linkId }))
  .output(z.object({ sealerPubKey: base64Out, sealed: base64Out }).meta({ id: "Seal" }))
  .query(({ ctx, input }) => readSeal(ctx.core, input.id));

export const claim = linkClaimProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/device-links/{id}",
      tags: ["device-links"],
      summary: "Claim a sealed handshake",
      description:
        "With the token minted at opening (or any session of the account). Only a sealed, live link; the token then becomes a full session listed among the account's sessions, labelled after the claiming device. A second claim is 409.",
    },
    status: 204,
    problems: ["invalid-request", "no-such-handshake", "handshake-state"],
  })
  .input(z.object({ id: linkId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => claimDeviceLink(ctx.core, ctx.caller, input.id, ctx.meta));
