import { z } from "zod";
import { base64Out } from "./common";
import { signingPublicKeyOut } from "./signatures";

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
    pendingEmail: z.string().optional().meta({
      description:
        "An address asked for through PATCH and not verified yet (an addition to interface.md §2.2). `email` keeps the current address, still the one to sign in with, until this one is verified through account:sendVerificationEmail and account:verifyEmail.",
    }),
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
    signingPublicKey: signingPublicKeyOut.optional(),
  })
  .meta({ id: "Keys" });

export const authResponseSchema = z
  .object({
    account: accountSchema,
    keys: keysSchema,
    token: z.string(),
    deviceToken: z.string().meta({
      description:
        "Not a credential: send it as the `Device-Token` header on this account's later sign-ins from this device, which then count against a limit of this device's own instead of the identifier's shared one (OWASP's device-cookie pattern). Keep the newest.",
    }),
  })
  .meta({ id: "AuthenticationResponse" });
