import { listSessions } from "@notes/core";
import { z } from "zod";
import { dateTime, noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

const sessionSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    createdAt: dateTime,
    lastUsedAt: dateTime,
    current: z.boolean(),
  })
  .meta({ id: "Session" });

export const list = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/sessions",
      tags: ["auth"],
      summary: "List the account's sessions, newest first",
    },
  })
  .input(noInput)
  .output(z.object({ sessions: z.array(sessionSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx }) => ({
    sessions: await listSessions(ctx.core, ctx.caller),
    nextPageToken: "" as const,
  }));
