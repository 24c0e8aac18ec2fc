// Deleting a note (owner only): DELETE /v1/notes/{id}, as always, and the signed form
// POST /v1/notes/{id}:delete (issue 33, item 3), whose body carries the owner's
// signature over the deletion. Members' devices remove the note only when a deletion's
// tombstone carries that signature; an unsigned deletion still deletes, and they keep
// their copy aside. A POST with a body is what REST clients expect of an action with
// input (as POST /v1/account:delete), where a DELETE body is not.
import { deleteNote } from "@notes/core";
import { z } from "zod";
import { noOutput } from "../../schemas/common";
import { noteId } from "../../schemas/notes";
import { signatureIn } from "../../schemas/signatures";
import { authedProcedure } from "../../trpc";

export const remove = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/notes/{id}",
      tags: ["notes"],
      summary: "Delete a note, tombstoning it for every member (owner only)",
      description:
        "Deleting an already deleted note is a no-op (204). The tombstones carry no signature: members' devices keep their copy aside, unconfirmed. `POST /notes/{id}:delete` deletes with the owner's signature.",
    },
    status: 204,
    problems: ["invalid-request", "note-not-found", "owner-required"],
  })
  .input(z.object({ id: noteId }))
  .output(noOutput)
  .mutation(({ ctx, input }) => deleteNote(ctx.core, ctx.caller, input.id));

export const removeSigned = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/notes/{id}:delete",
      tags: ["notes"],
      summary: "Delete a note with the owner's signature over the deletion (owner only)",
      description:
        "As `DELETE /notes/{id}`, and every member's tombstone then carries `deletionSignature`, so their devices act on the deletion (docs/client-crypto.md \"Signed deletion\"). `deletionSignature` signs the note id and `version`, which must be the note's current version (else 412 precondition-failed: read the note, sign again). The block must name the caller (else 400 invalid-request at `/deletionSignature`); the server never verifies the signature itself. Deleting an already deleted note is a no-op (204) that keeps the first signature.",
    },
    status: 204,
    problems: ["invalid-request", "note-not-found", "owner-required", "precondition-failed"],
  })
  .input(
    z.object({
      id: noteId,
      version: z.int().min(0).meta({
        description: "The note's version the owner saw and signed the deletion at",
      }),
      deletionSignature: signatureIn("the note's deletion at `version` (kind 7)"),
    }),
  )
  .output(noOutput)
  .mutation(({ ctx, input }) => deleteNote(ctx.core, ctx.caller, input.id, input));
