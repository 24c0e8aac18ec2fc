import { CURRENCIES, listPrices, PLANS } from "@notes/core";
import { z } from "zod";
import { noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

const planPrice = z
  .object({
    plan: z.enum(PLANS),
    currency: z.enum(CURRENCIES),
    unitAmount: z.int().meta({ description: "Price per interval in the currency's minor units" }),
    interval: z.enum(["month", "year"]),
  })
  .meta({ id: "PlanPrice" });

export const prices = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/billing/prices",
      tags: ["billing"],
      summary: "The plan prices in every currency",
      description:
        "Every plan × currency the server sells, from its configuration, in minor units (400 is 4.00). 503 billing-unavailable when billing is off.",
    },
    problems: ["billing-unavailable"],
  })
  .input(noInput)
  .output(z.object({ prices: z.array(planPrice) }).meta({ id: "PlanPrices" }))
  .query(({ ctx }) => listPrices(ctx.core.config));
