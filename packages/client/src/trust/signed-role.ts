// This account's role on a note as the owner decided it, not as the server reports it
// (issue 33, item 3). Every way a served state reaches a note this device holds (a
// sync, refreshNote before a roster change, a compaction's catch-up) takes its role
// from here, so none of them is a side door for the server's word:
// - ownership never moves (the protocol has no transfer): a note held as this account's
//   own stays so, and one held as a member's never becomes this account's;
// - a member's role changes only when the owner's verified roster chain signs it;
// - a note without a chain (the owner unknown here, or a note from before signed
//   rosters) takes the served role, as before (contract §9 rule 12).
import type { Sodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { RosterChainRefused } from "../errors";
import type { Session } from "../vault/session";
import { signedPlace } from "./signed-place";

export interface RoleJudgement {
  /** The role the note keeps: the served one when signed, else the signed or held one. */
  role: NoteState["role"];
  /** Why the served role was not taken; undefined when it was. */
  refused?: RosterChainRefused;
}

/**
 * The role to keep when `served` reports `servedRole` for a note held as `held`.
 * Removals (`revoked`) are judged with the tombstone (deletion-check.ts), not here.
 */
export async function judgeServedRole(
  sodium: Sodium,
  api: ApiClient,
  session: Session,
  noteId: string,
  held: NoteState["role"],
  servedRole: NoteState["role"],
): Promise<RoleJudgement> {
  if (servedRole === held) return { role: held };
  if (held === "owner" || servedRole === "owner") {
    return { role: held, refused: new RosterChainRefused(noteId, "role-not-signed") };
  }
  const place = await signedPlace(sodium, api, session, noteId, held);
  if (place.kind === "unsigned") return { role: servedRole };
  if (place.kind === "signed" && place.role === servedRole) return { role: servedRole };
  const refused =
    place.kind === "refused" && place.error
      ? place.error
      : new RosterChainRefused(noteId, "role-not-signed");
  const signed = place.kind === "signed" && isMemberRole(place.role) ? place.role : held;
  return { role: signed, refused };
}

function isMemberRole(role: string | undefined): role is "editor" | "viewer" {
  return role === "editor" || role === "viewer";
}
