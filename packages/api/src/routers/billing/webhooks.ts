import { receiveWebhook } from "@notes/core";
import { z } from "zod";
import { publicProcedure } from "../../trpc";

// The body is documented (and validated) as the event envelope Stripe sends; the
// handler itself trusts only the signed bytes, which the REST adapter passes as
// `ctx.rawBody` (meta `rawBody`).
const stripeEvent = z
  .looseObject({
    id: z.string().meta({ description: "The event id (`evt_…`); each is applied at most once" }),
    type: z.string().meta({ description: "The event type; unhandled types are acknowledged" }),
    created: z.int().meta({ description: "Unix seconds; orders events per subscription" }),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .meta({ id: "StripeEvent" });

export const webhooks = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/billing/webhooks",
      tags: ["billing"],
      summary: "Receive Stripe webhooks",
      description:
        "No session: the `Stripe-Signature` header is verified over the exact body with the endpoint's signing secret (tolerance 300 s); a missing, bad or stale signature is 400. Handled: `checkout.session.completed`, `customer.subscription.created|updated|deleted`, `invoice.paid`, `invoice.payment_failed`. Each event id is applied at most once; an event older than the last one applied to its subscription changes nothing; other types and events for no known account are acknowledged (200). 503 when the server has no signing secret.",
      protect: false,
      requestHeaders: z.object({
        "Stripe-Signature": z
          .string()
          .meta({ description: "Stripe's `t=…,v1=…` signature of the body" }),
      }),
    },
    rawBody: true,
    problems: ["invalid-request", "billing-unavailable"],
  })
  .input(stripeEvent)
  .output(
    z
      .object({
        received: z.literal(true),
        outcome: z
          .enum(["applied", "stale", "ignored", "duplicate", "second-subscription"])
          .meta({ description: "What the event did; informational" }),
      })
      .meta({ id: "WebhookReceipt" }),
  )
  .mutation(({ ctx }) =>
    receiveWebhook(ctx.core, ctx.rawBody, ctx.headers.get("stripe-signature")),
  );
