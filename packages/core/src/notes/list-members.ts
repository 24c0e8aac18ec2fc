// The roster of a note's live members, owner first, with a strong ETag. Any
// member may read it; anyone else gets "not found".
import type { Core } from "../core";
import { type Member, readRoster, rosterView } from "../sharing/roster";
import type { Caller } from "../types";
import { noteNotFound } from "./refusals";

export type { Member };

export async function listMembers(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<{ members: Member[]; etag: string }> {
  const roster = await readRoster(core.db, noteId.toLowerCase());
  if (!roster.some((m) => m.accountId === caller.accountId)) throw noteNotFound();
  return rosterView(roster, caller.accountId);
}
