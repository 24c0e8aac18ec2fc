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
      description:
        "Every live session of the account, each with its label, creation and last use; `current` marks the one making this call. One page: `nextPageToken` is always empty.",
    },
  })
  .input(noInput)
  .output(z.object({ sessions: z.array(sessionSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx }) => ({
    sessions: await listSessions(ctx.core, ctx.caller),
    nextPageToken: "" as const,
  }));
