// What the key-transparency log holds for a note: its roster head (issue 34, rosters in
// the log), the proof members' clients check the note's signed roster chain against, and
// its own head (issue 33, item 12), which a device that never saw the note checks the
// state it is served against.
import { noteLogProofs } from "@notes/core";
import { z } from "zod";
import { noteHeadProofOut, rosterProofOut } from "../../schemas/key-transparency";
import { noteId } from "../../schemas/notes";
import { authedProcedure } from "../../trpc";

export const rosterHead = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/key-transparency/notes/{id}",
      tags: ["key-transparency"],
      summary: "Inclusion proofs of a note's logged roster head and note head",
      description:
        "The newest head of the note's signed roster chain (its epoch and entry hash) that the published tree holds, with its proof; `proof` is absent while the note's chain is not logged (a note made before signed rosters, or an entry waiting for the next epoch). `head` is the proof of the note's own logged head (its newest version and the digests of what is at it), absent until an epoch after the note's first write logs it. Only the note's members may read them; anyone else gets 404 `note-not-found`, as for a note they cannot see.",
    },
    problems: ["invalid-request", "note-not-found"],
  })
  .input(z.object({ id: noteId }))
  .output(z.object({ proof: rosterProofOut.optional(), head: noteHeadProofOut.optional() }))
  .query(({ ctx, input }) => noteLogProofs(ctx.core, ctx.caller, input.id));
