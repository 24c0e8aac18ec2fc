import { checkHealth } from "@notes/core";
import { z } from "zod";
import { noInput } from "../../schemas/common";
import { publicProcedure } from "../../trpc";

export const health = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/health",
      tags: ["health"],
      summary: "Liveness and readiness",
      protect: false,
    },
  })
  .input(noInput)
  .output(z.object({ status: z.literal("ok"), database: z.literal("ok") }))
  .query(({ ctx }) => checkHealth(ctx.core));
