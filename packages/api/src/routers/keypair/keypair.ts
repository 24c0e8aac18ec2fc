import { getKeypair, putKeypair } from "@notes/core";
import { z } from "zod";
import { base64Bytes, base64Out, noInput, noOutput } from "../../schemas/common";
import { signingPublicKeyOut } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";
import { PUBLICATION_NEEDS_AUTH_KEY, publicationAuthKey } from "./publication-auth-key";

export const get = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/keypair",
      tags: ["sharing"],
      summary: "The caller's sharing keypair material",
      description:
        "The public key and the private key wrapped under the master key, as stored by `PUT /keypair`; 404 `no-keypair` until then. `signingPublicKey` is the key set by `PUT /keypair/signing-key`, once set.",
    },
    problems: ["no-keypair"],
  })
  .input(noInput)
  .output(
    z
      .object({
        publicKey: base64Out,
        wrappedPrivateKey: base64Out,
        signingPublicKey: signingPublicKeyOut.optional(),
      })
      .meta({ id: "Keypair" }),
  )
  .query(({ ctx }) => getKeypair(ctx.core, ctx.caller));

export const put = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/keypair",
      tags: ["sharing"],
      summary: "Store the account's sharing keypair",
      description: `Set once. Repeating the identical material is a no-op (204); different material answers 409. ${PUBLICATION_NEEDS_AUTH_KEY}`,
    },
    status: 204,
    problems: ["invalid-request", "credential-rejected", "keypair-exists"],
  })
  .input(
    z.object({
      publicKey: base64Bytes(1, 128, "Base64 raw X25519 public key"),
      wrappedPrivateKey: base64Bytes(1, 256, "Base64 private key wrapped by the master key"),
      authKey: publicationAuthKey,
    }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => putKeypair(ctx.core, ctx.caller, input));
