// Bringing an open note up to date from GET /v1/notes/{id}, adopting a content key
// another device rotated to. Roster changes start here so they never seal a key the
// note has already left behind. The role the server reports is taken only as the
// owner decided it (trust/signed-role.ts); one that is not is kept out and reported in
// the note's warnings, as a sync reports it.
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { seenNow } from "../trust/served-state";
import { judgeServedRole } from "../trust/signed-role";
import type { Session } from "../vault/session";
import { catchUp } from "./catch-up";
import type { OpenNote } from "./open-state";
import { prepareToRead } from "./prepare-read";

export async function refreshNote(api: ApiClient, session: Session, note: OpenNote): Promise<void> {
  const asked = seenNow(session, note.id);
  const [sodium, state] = await Promise.all([loadSodium(), api.call("notes.get", { id: note.id })]);
  await prepareToRead(api, session, state, note);
  const judged = await judgeServedRole(sodium, api, session, note.id, note.role, state.role);
  catchUp(sodium, note, state, session, asked);
  note.role = judged.role;
  if (judged.refused) note.warnings = [...(note.warnings ?? []), judged.refused];
}
