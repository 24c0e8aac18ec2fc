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
      description:
        "Needs no session. 200 while the server reaches its database; otherwise 503 `at-capacity` with `Retry-After`.",
      protect: false,
    },
  })
  .input(noInput)
  .output(z.object({ status: z.literal("ok"), database: z.literal("ok") }))
  .query(({ ctx }) => checkHealth(ctx.core));
