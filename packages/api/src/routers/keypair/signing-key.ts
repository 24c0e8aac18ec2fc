// PUT /v1/keypair/signing-key: the account's Ed25519 signing public key (issue 21,
// signed content), set once beside the sharing keypair, with the password's current
// auth key (issue 33, item 9).
import { putSigningKey } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { signingPublicKeyIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";
import { PUBLICATION_NEEDS_AUTH_KEY, publicationAuthKey } from "./publication-auth-key";

export const putSigningKeyProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/keypair/signing-key",
      tags: ["sharing"],
      summary: "Store the account's signing public key",
      description: `The raw 32-byte Ed25519 public key the account's clients sign content with. Set once, with or without a sharing keypair. Repeating the identical key is a no-op (204); a different key answers 409 \`signing-key-exists\`. It then travels in \`GET /keypair\`, the authentication response's \`keys\`, \`POST /users:resolve\`, the note roster and \`GET /bridge/members\`. ${PUBLICATION_NEEDS_AUTH_KEY}`,
    },
    status: 204,
    problems: ["invalid-request", "credential-rejected", "signing-key-exists"],
  })
  .input(z.object({ signingPublicKey: signingPublicKeyIn, authKey: publicationAuthKey }))
  .output(noOutput)
  .mutation(({ ctx, input }) =>
    putSigningKey(ctx.core, ctx.caller, input.signingPublicKey, input.authKey),
  );
