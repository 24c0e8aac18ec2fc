import { z } from "zod";
import { base64Out } from "./common";

export const subscriptionSchema = z
  .object({
    status: z.string().meta({
      description:
        "The payment provider's status verbatim (open vocabulary); `none` before any purchase",
    }),
    cancelAtPeriodEnd: z.boolean(),
    plan: z
      .string()
      .meta({ description: "`monthly` or `yearly`; absent until a plan is purchased" })
      .optional(),
    currentPeriodEnd: z.string().meta({ format: "date-time" }).optional(),
  })
  .meta({ id: "Subscription" });

export const accountSchema = z
  .object({
    id: z.uuid(),
    handle: z.string().optional(),
    email: z.string().optional(),
    emailVerified: z.boolean(),
    discoverableByEmail: z.boolean(),
    passkeys: z.object({ offerEnrolment: z.boolean() }),
    subscription: subscriptionSchema,
    tier: z.enum(["free", "subscribed", "complimentary"]),
    usage: z
      .object({
        accountBytes: z.int(),
        maxAccountBytes: z.int(),
        noteCount: z.int(),
      })
      .meta({ id: "Usage" }),
  })
  .meta({ id: "Account" });

export const keysSchema = z
  .object({
    kdfIterations: z.int(),
    kdfSalt: base64Out,
    publicKey: base64Out.optional(),
    recoveryWrappedMasterKey: base64Out,
    wrappedMasterKey: base64Out,
    wrappedPrivateKey: base64Out.optional(),
  })
  .meta({ id: "Keys" });

export const authResponseSchema = z
  .object({ account: accountSchema, keys: keysSchema, token: z.string() })
  .meta({ id: "AuthenticationResponse" });
