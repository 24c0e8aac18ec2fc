// Changing a member's role between editor and viewer (owner only). The content key
// stays: a viewer may read everything an editor may.
import type { ApiClient } from "../api/client";
import { NotAMember } from "../errors";
import type { OpenNote } from "../notes/open-state";
import type { Session } from "../vault/session";
import type { Member } from "./list-members";
import { changeRoster, type RosterChange } from "./roster-change";
import { guestsOf, type RosterOptions } from "./write-roster";

export function changeRole(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  change: { userId: string; role: "editor" | "viewer" },
  options: RosterOptions = {},
): Promise<RosterChange> {
  const userId = change.userId.toLowerCase();
  const plan = (current: readonly Member[]) => {
    const found = current.find((m) => m.userId === userId);
    if (!found || found.role === "owner") throw new NotAMember(userId);
    if (found.role === change.role) return undefined;
    return guestsOf(current).map((m) => (m.userId === userId ? { ...m, role: change.role } : m));
  };
  return changeRoster(api, session, note, plan, false, options);
}
