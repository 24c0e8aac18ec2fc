import { listMembers, readRosterChain } from "@notes/core";
import { z } from "zod";
import { chainEntrySchema } from "../../schemas/group-state";
import { rosterProofOut } from "../../schemas/key-transparency";
import { memberSchema, noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const members = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}/members",
      tags: ["sharing"],
      summary: "The note's active members, owner first",
      description:
        "Any member may read the roster. Its `ETag` is what `PUT /notes/{id}/members` wants in `If-Match`. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request", "note-not-found"],
    responseHeaderNames: ["ETag"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ members: z.array(memberSchema), nextPageToken: z.literal("") }))
  .query(async ({ ctx, input }) => {
    const roster = await listMembers(ctx.core, ctx.caller, input.id);
    ctx.response.headers.set("ETag", roster.etag);
    return { members: roster.members, nextPageToken: "" as const };
  });

export const rosterChain = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notes/{id}/roster-chain",
      tags: ["sharing"],
      summary: "The note's signed membership chain, oldest first",
      description:
        "Every roster the owner decided, as the owner's client signed it (docs/client-crypto.md, \"The signed group state\"): entry `epoch` names the hash of entry `epoch - 1`. Any member may read it; a member the owner removed reads the entries up to and including the one that removed them (their client confirms the removal with it), and nothing once the note is deleted. `after` leaves out the epochs up to and including it. Empty for notes whose owner never signed a roster. The server stores entries opaque: clients verify every one. A live member's answer carries `keyTransparency`, the proof of the chain head the key-transparency log holds (as `GET /key-transparency/notes/{id}` answers it), when the log holds one. One page: `nextPageToken` is always empty.",
    },
    problems: ["invalid-request", "note-not-found"],
  })
  .input(z.object({ id: noteId, after: z.coerce.number().int().min(0).optional() }))
  .output(
    z.object({
      entries: z.array(chainEntrySchema),
      keyTransparency: rosterProofOut.optional(),
      nextPageToken: z.literal(""),
    }),
  )
  .query(async ({ ctx, input }) => {
    const chain = await readRosterChain(ctx.core, ctx.caller, input.id, input.after);
    return { ...chain, nextPageToken: "" as const };
  });
