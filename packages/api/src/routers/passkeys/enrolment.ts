import { beginEnrolment, declineEnrolmentOffer, finishEnrolment } from "@notes/core";
import { z } from "zod";
import { noInput, noOutput } from "../../schemas/common";
import { wrappedKey } from "../../schemas/credentials";
import { authedProcedure } from "../../trpc";
import { creationOptions, deviceSchema, registrationCredential } from "./schemas";

export const beginEnrolmentProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/passkeys:beginEnrolment",
      tags: ["passkeys"],
      summary: "Start enrolling a passkey for the signed-in account",
      description:
        "Answers WebAuthn creation options. Their challenge is bound to this account and to enrolment: it is valid for 5 minutes and for one finishEnrolment only. The account's passkeys are in excludeCredentials, and the PRF extension is requested with the fixed input in `extensions.prf.eval.first`.",
    },
  })
  .input(noInput)
  .output(z.object({ options: creationOptions }))
  .mutation(({ ctx }) => beginEnrolment(ctx.core, ctx.caller));

export const finishEnrolmentProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/passkeys:finishEnrolment",
      tags: ["passkeys"],
      summary: "Finish enrolment: store the credential and the master key it unwraps",
      description:
        '`credential` is what navigator.credentials.create() returned (toJSON()), with `clientExtensionResults.prf.enabled` true and the PRF results removed: the client wraps the master key under HKDF(PRF output, "notes/passkey-wrap/v1") and sends only `wrappedMasterKey`. The challenge is consumed whatever the outcome; an unknown, used or expired challenge, another account\'s challenge, a wrong origin or RP ID, no user verification, an algorithm other than ES256 or EdDSA, or a credential already enrolled is 400 with the pointer `/credential`. Enrolling withdraws the enrolment offer (`passkeys.offerEnrolment` false).',
    },
    status: 201,
    problems: ["invalid-request"],
    responseHeaderNames: ["Location"],
  })
  .input(
    z.object({
      credential: registrationCredential,
      label: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .meta({ description: "The user's name for the device (1–100 characters)" }),
      wrappedMasterKey: wrappedKey,
    }),
  )
  .output(deviceSchema)
  .mutation(async ({ ctx, input }) => {
    const device = await finishEnrolment(ctx.core, ctx.caller, input);
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/passkeys/${device.id}`);
    return device;
  });

export const declineProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/passkeys:decline",
      tags: ["passkeys"],
      summary: "Decline the offer to enrol a passkey",
      description:
        "`passkeys.offerEnrolment` of the account is false from then on. Declining again changes nothing.",
    },
    status: 204,
  })
  .input(noInput)
  .output(noOutput)
  .mutation(({ ctx }) => declineEnrolmentOffer(ctx.core, ctx.caller));
