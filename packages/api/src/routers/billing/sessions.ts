import { CURRENCIES, openPortal, PLANS, startCheckout } from "@notes/core";
import { z } from "zod";
import { noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

const redirect = z
  .object({ url: z.url().meta({ description: "Where the client navigates next" }) })
  .meta({ id: "BillingRedirect" });

export const checkout = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/billing/checkout-sessions",
      tags: ["billing"],
      summary: "Start a payment-provider checkout for a plan",
      description:
        "Navigate to `url` (also in `Location`); the provider returns to `/plan?billing=success` (or `?billing=cancelled`). The tier changes when the provider's webhook arrives and the account's feed hears an `account` event. While a subscription is live: 409 subscription-active (checked before billing availability).",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["invalid-request", "subscription-active", "billing-unavailable"],
  })
  .input(
    z.object({
      plan: z.enum(PLANS),
      currency: z.enum(CURRENCIES).nullish().meta({ description: "Defaults to `usd`" }),
    }),
  )
  .output(redirect)
  .mutation(async ({ ctx, input }) => {
    const session = await startCheckout(ctx.core, ctx.caller, input);
    // The created resource is the provider's checkout page.
    ctx.response.headers.set("Location", session.url);
    return session;
  });

export const portal = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/billing/portal-sessions",
      tags: ["billing"],
      summary: "Open the payment provider's customer portal",
      description:
        "Navigate to `url` (also in `Location`): invoices, payment method and cancellation. An account that never went through checkout has no billing profile: 409 (checked before billing availability).",
    },
    status: 201,
    responseHeaderNames: ["Location"],
    problems: ["no-billing-profile", "billing-unavailable"],
  })
  .input(noInput)
  .output(redirect)
  .mutation(async ({ ctx }) => {
    const session = await openPortal(ctx.core, ctx.caller);
    ctx.response.headers.set("Location", session.url);
    return session;
  });
