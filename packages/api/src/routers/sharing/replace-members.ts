import { replaceMembers } from "@notes/core";
import { z } from "zod";
import { base64Bytes } from "../../schemas/common";
import { handoutIn, rosterEntryIn } from "../../schemas/group-state";
import { memberSchema, noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

const wrappedCek = base64Bytes(1, 256, "Base64 content key sealed to the member's public key");

export const replaceMembersProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/notes/{id}/members",
      tags: ["sharing"],
      summary: "Replace the note's membership set (owner only)",
      description:
        "`If-Match` with the roster's ETag is required. `members` lists everyone but the owner (who is implicit): new ids join, roles and wraps are updated, absent ids are removed and see the note as a tombstone. A new member must be someone the caller found through `POST /v1/users:resolve` (by handle or e-mail, at any time before); any other id, existing or not, answers 404 user-not-found, so an account id seen elsewhere adds nobody and reveals nothing. Members already on the roster stay listable as they are. When a member is removed the client rotates the content key and sends `ownerWrappedCek` (see docs/sharing.md). An identical replacement changes nothing. `addedBy` defaults to the caller for new members and is shown to the owner only. The owner sees a handle-less member's `name` only when it is the address the owner resolved them by; never the account's current e-mail. Signed group state (optional, docs/client-crypto.md): `roster` is this roster's signed chain entry at the chain's next epoch (one past the last, 0 for the first; another epoch answers 400 pointing at `/roster/epoch`), and `wrapSignature` / `ownerWrapSignature` are the owner's key handouts over the wraps beside them, stored with `roster.epoch` and served in each member's note state (`wrappedCekSignature`, `wrappedCekEpoch`). Handouts need `roster`; every block must name the caller.",
    },
    problems: [
      "invalid-request",
      "note-not-found",
      "note-deleted",
      "owner-required",
      "user-not-found",
      "precondition-failed",
      "precondition-required",
    ],
    responseHeaderNames: ["ETag"],
    requestHeaderNames: ["If-Match"],
  })
  .input(
    z.object({
      id: noteId,
      members: z
        .array(
          z.object({
            userId: z.uuid(),
            role: z.enum(["editor", "viewer"]),
            wrappedCek,
            addedBy: z.uuid().nullish(),
            wrapSignature: handoutIn("this member's `wrappedCek`").nullish(),
          }),
        )
        .max(5000),
      ownerWrappedCek: wrappedCek.nullish(),
      ownerWrapSignature: handoutIn("`ownerWrappedCek`").nullish(),
      roster: z
        .object({
          epoch: z.int().min(0).max(0xffff_ffff),
          entry: rosterEntryIn,
        })
        .nullish(),
    }),
  )
  .output(z.object({ members: z.array(memberSchema), nextPageToken: z.literal("") }))
  .mutation(async ({ ctx, input }) => {
    const roster = await replaceMembers(
      ctx.core,
      ctx.caller,
      input.id,
      ctx.headers.get("if-match"),
      input,
    );
    ctx.response.headers.set("ETag", roster.etag);
    return { members: roster.members, nextPageToken: "" as const };
  });
