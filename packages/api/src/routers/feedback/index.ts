import { feedbackAllowance, submitFeedback } from "@notes/core";
import { z } from "zod";
import { dateTime, noInput, noOutput } from "../../schemas/common";
import { authedProcedure, router } from "../../trpc";

const allowance = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/feedback/allowance",
      tags: ["feedback"],
      summary: "The caller's feedback allowance and its rolling-year usage",
      description:
        "12 messages per rolling 365 days; `nextFreesAt` is when the oldest message in the window turns a year old.",
    },
  })
  .input(noInput)
  .output(
    z
      .object({
        limit: z.int(),
        used: z.int(),
        remaining: z.int(),
        windowDays: z.literal(365),
        nextFreesAt: dateTime.optional(),
      })
      .meta({ id: "FeedbackAllowance" }),
  )
  .query(async ({ ctx }) => {
    const a = await feedbackAllowance(ctx.core.db, ctx.caller);
    return { ...a, windowDays: 365 as const };
  });

const submit = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/feedback",
      tags: ["feedback"],
      summary: "Send feedback to the operator",
      description:
        "Stored at once (202) and relayed to the operator's channel with retries, so nothing is lost while it is down. Past the allowance: 429 feedback-allowance with Retry-After until the next slot frees.",
    },
    status: 202,
    problems: ["invalid-request", "feedback-allowance"],
  })
  .input(
    z.object({
      message: z.string().trim().min(1).max(4000),
      category: z.enum(["bug", "idea", "other"]).nullish(),
    }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => submitFeedback(ctx.core, ctx.caller, input));

export const feedbackRouter = router({ allowance, submit });
