import { createNote } from "@notes/core";
import { z } from "zod";
import { base64Bytes } from "../../schemas/common";
import { handoutIn, rosterEntryIn } from "../../schemas/group-state";
import { CONTENT_BODY_LIMIT, ciphertext, coordinatesSchema, noteId } from "../../schemas/notes";
import { signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const create = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes",
      tags: ["notes"],
      summary: "Create a note from a client-encrypted snapshot",
      description:
        "The caller becomes the owner and sole member. Ids of deleted notes stay taken (409). `snapshotSignature` and `metadataSignature` are optional signature blocks that must name the caller (400 otherwise). `wrappedCekSignature` (the owner's key handout over `wrappedCek`, at roster epoch 0) and `rosterEntry` (epoch 0 of the note's signed membership chain) are optional too, stored opaque and served back: `wrappedCekSignature` with the owner's note state, the entry from `GET /v1/notes/{id}/roster-chain`.",
    },
    status: 201,
    bodyLimit: CONTENT_BODY_LIMIT,
    problems: ["invalid-request", "free-storage-full", "note-exists", "storage-full"],
    responseHeaderNames: ["Location"],
  })
  .input(
    z.object({
      id: noteId,
      metadata: ciphertext("encrypted metadata digest"),
      snapshot: ciphertext("encrypted full-state update"),
      wrappedCek: base64Bytes(1, 256, "Base64 content key sealed to the owner's public key"),
      snapshotSignature: signatureIn("`snapshot`").nullish(),
      metadataSignature: signatureIn("`metadata`").nullish(),
      wrappedCekSignature: handoutIn("`wrappedCek` at roster epoch 0").nullish(),
      rosterEntry: rosterEntryIn.nullish(),
    }),
  )
  .output(coordinatesSchema)
  .mutation(async ({ ctx, input }) => {
    const coordinates = await createNote(ctx.core, ctx.caller, input);
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/notes/${coordinates.id}`);
    return coordinates;
  });
