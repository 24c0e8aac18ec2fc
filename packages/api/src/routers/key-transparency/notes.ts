// A note's roster head in the key-transparency log (issue 34, rosters in the log): the
// proof members' clients check the note's signed roster chain against.
import { rosterProof } from "@notes/core";
import { z } from "zod";
import { rosterProofOut } from "../../schemas/key-transparency";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const rosterHead = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/key-transparency/notes/{id}",
      tags: ["key-transparency"],
      summary: "Inclusion proof of a note's logged roster head",
      description:
        "The newest head of the note's signed roster chain (its epoch and entry hash) that the published tree holds, with its proof; `proof` is absent while the note's chain is not logged (a note made before signed rosters, or an entry waiting for the next epoch). Only the note's members may read it; anyone else gets 404 `note-not-found`, as for a note they cannot see.",
    },
    problems: ["invalid-request", "note-not-found"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ proof: rosterProofOut.optional() }))
  .query(({ ctx, input }) => rosterProof(ctx.core, ctx.caller, input.id));
