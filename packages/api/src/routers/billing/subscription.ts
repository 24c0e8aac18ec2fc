import { setCancelAtPeriodEnd } from "@notes/core";
import { z } from "zod";
import { subscriptionSchema } from "../../schemas/account";
import { authedProcedure } from "../../trpc";

export const subscription = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/billing/subscription",
      tags: ["billing"],
      summary: "Schedule or clear cancellation at the end of the period",
      description:
        "`cancelAtPeriodEnd: true` lets the live subscription end at `currentPeriodEnd`; `false` keeps it renewing. Answers the updated Subscription. Without a live subscription: 409 no-subscription (checked before billing availability).",
    },
    problems: ["invalid-request", "no-subscription", "billing-unavailable"],
  })
  .input(z.object({ cancelAtPeriodEnd: z.boolean() }))
  .output(subscriptionSchema)
  .mutation(({ ctx, input }) =>
    setCancelAtPeriodEnd(ctx.core, ctx.caller, input.cancelAtPeriodEnd),
  );
