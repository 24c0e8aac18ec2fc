import { listChanges } from "@notes/core";
import { z } from "zod";
import { noteStateSchema } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

// A boolean sent in the query, as OpenAPI clients serialize one: `true` or `false`.
// The document says boolean (override), so generated clients take a boolean.
const booleanQuery = z.enum(["true", "false"]).meta({
  override: ({ jsonSchema }) => {
    delete jsonSchema.enum;
    jsonSchema.type = "boolean";
    jsonSchema.description = "`true` or `false`";
  },
});

export const changes = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/changes",
      tags: ["notes"],
      summary: "Every accessible note changed after a cursor (delta sync)",
      description:
        "Ordered by seq, gap-free under concurrent writers. Follow `nextPageToken` until it is empty, then keep `nextSyncToken` and pass it later as `pageToken`. `pageSize` defaults to 100 and is an integer from 1 to 500 (anything else is a 400). A page stops adding notes at 4 MiB of ciphertext but holds at least one (tombstones carry none and count nothing). `snapshots` defaults to true on a full sync (no token, and the pages that follow it) and to false on incremental pages, where the client fetches a note whose version cannot reach `snapshotVersion`. `order=newest` (a full sync only; ignored with a `pageToken`, whose walk it continues) lists the most recently changed notes first, walking down from the watermark at the first page; its last page's `nextSyncToken` is that watermark, so what changed during the walk comes with the next delta sync. Without it a full sync is in seq order, as before.",
    },
    problems: ["invalid-request"],
  })
  .input(
    z.object({
      pageToken: z.string().max(400).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).default(100),
      snapshots: booleanQuery.optional(),
      order: z
        .enum(["seq", "newest"])
        .optional()
        .meta({ description: "A full sync's order: `seq` (default) or `newest` first" }),
    }),
  )
  .output(
    z
      .object({
        changes: z.array(noteStateSchema),
        nextPageToken: z.string(),
        nextSyncToken: z.string().optional(),
      })
      .meta({ id: "ChangesPage" }),
  )
  .query(({ ctx, input }) =>
    listChanges(ctx.core, ctx.caller, {
      pageToken: input.pageToken || undefined,
      pageSize: input.pageSize,
      snapshots: input.snapshots === undefined ? undefined : input.snapshots === "true",
      order: input.order,
    }),
  );
