// Removing a member (owner only) rotates the content key (contract.md §9 rule 11): a
// fresh key is sealed to every remaining member and to the owner in the same roster
// replacement, then the note is compacted under it. The removed member keeps only
// the old key, which opens nothing written afterwards.
import type { ApiClient } from "../api/client";
import { NotAMember } from "../errors";
import type { OpenNote } from "../notes/open-state";
import type { Session } from "../vault/session";
import type { Member } from "./list-members";
import { changeRoster, type RosterChange } from "./roster-change";
import { guestsOf, type RosterOptions } from "./write-roster";

/**
 * Removing someone no longer on the roster changes nothing (no rotation). May throw
 * after the roster changed, when the compaction fails: the note then keeps resealDue
 * and the next compactIfDue finishes the re-sealing.
 */
export function removeMember(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  userId: string,
  options: RosterOptions = {},
): Promise<RosterChange> {
  const id = userId.toLowerCase();
  const plan = (current: readonly Member[]) => {
    const found = current.find((m) => m.userId === id);
    if (found?.role === "owner") throw new NotAMember(id);
    return found ? guestsOf(current, id) : undefined;
  };
  return changeRoster(api, session, note, plan, true, options);
}
