import { beginPasskey, challengePasskey, finishPasskey } from "@notes/core";
import { z } from "zod";
import { authResponseSchema } from "../../schemas/account";
import { base64Out, noInput } from "../../schemas/common";
import { identifier } from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";
import { assertionCredential, requestOptions } from "../passkeys/schemas";

const handle = identifier.meta({
  description:
    "The account's handle (an account without one is named by its e-mail address). Keys the per-identifier sign-in limit.",
});

const CHALLENGES =
  "The challenge is single-use, valid 5 minutes and bound to this ceremony; finishPasskey consumes it whatever the outcome.";

export const beginPasskeyProcedure = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/sessions:beginPasskey",
      tags: ["auth"],
      summary: "Start a passkey sign-in with a discoverable credential",
      description: `No body. Request options without allowCredentials: the authenticator offers the passkeys it holds for this site. ${CHALLENGES} Counts against the per-IP sign-in limit.`,
      protect: false,
    },
  })
  .input(noInput)
  .output(z.object({ options: requestOptions }))
  .mutation(({ ctx }) => beginPasskey(ctx.core, ctx.meta));

export const challengePasskeyProcedure = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/sessions:challengePasskey",
      tags: ["auth"],
      summary: "Start a passkey sign-in for one account",
      description: `Request options whose allowCredentials are the account's passkeys, and whose challenge only that account's passkeys can answer. ${CHALLENGES} An unknown handle, or an account without passkeys, gets options of the same shape, with credential ids that are stable from call to call and match nothing: the answer does not tell whether the account exists. Counts against the per-IP sign-in limit.`,
      protect: false,
    },
    problems: ["invalid-request"],
  })
  .input(z.object({ handle }))
  .output(z.object({ options: requestOptions }))
  .mutation(({ ctx, input }) => challengePasskey(ctx.core, input.handle, ctx.meta));

export const finishPasskeyProcedure = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/sessions:finishPasskey",
      tags: ["auth"],
      summary: "Finish a passkey sign-in and open a session",
      description: `\`credential\` is what navigator.credentials.get() returned (toJSON()), without the PRF results: the client keeps them to unwrap \`wrappedMasterKey\`, the master key stored with that passkey at enrolment. \`handle\` must name the credential's account. ${CHALLENGES} Refused (401): an unknown, used or expired challenge, another account's challenge, an unknown credential, a bad signature, a wrong origin or RP ID, no user verification, or a signCount that is non-zero and not greater than the stored one. Limits: every attempt counts against the per-IP limit; only refused ones count against the identifier's (or, with a \`Device-Token\` of this account, the device's) limit, so a valid assertion gets in however many refusals others caused. Answers a \`deviceToken\` like \`POST /v1/sessions\`.`,
      protect: false,
    },
    requestHeaderNames: ["Device-Token"],
    problems: ["invalid-request", "passkey-refused"],
  })
  .input(z.object({ credential: assertionCredential, handle }))
  .output(
    authResponseSchema
      .extend({
        wrappedMasterKey: base64Out.meta({
          description: "Base64 master key wrapped by the passkey's PRF secret",
        }),
      })
      .meta({ id: "PasskeyAuthenticationResponse" }),
  )
  .mutation(({ ctx, input }) => finishPasskey(ctx.core, input, ctx.meta));
