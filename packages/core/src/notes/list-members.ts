// The roster of a note's live members, owner first, with a strong ETag. Any
// member may read it; anyone else gets "not found".
import type { LookupProofJson } from "@notes/keytrans";
import type { Core } from "../core";
import { withLookupProofs } from "../key-transparency/read";
import { type Member, readRoster, rosterView } from "../sharing/roster";
import type { Caller } from "../types";
import { noteNotFound } from "./refusals";

export type { Member };

export async function listMembers(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<{ members: (Member & { keyTransparency?: LookupProofJson })[]; etag: string }> {
  const roster = await readRoster(core.db, noteId.toLowerCase());
  if (!roster.some((m) => m.accountId === caller.accountId)) throw noteNotFound();
  const view = rosterView(roster, caller.accountId);
  // Each member's keys with their proof in the key-transparency log (issue 34); the
  // ETag is the view's, untouched.
  return { ...view, members: await withLookupProofs(core, view.members) };
}
