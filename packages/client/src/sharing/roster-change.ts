// What every roster use case answers, and the step they share: bring the note up to
// date, write the roster, and when the key was rotated finish the rotation.
import type { ApiClient } from "../api/client";
import type { NoteCoordinates } from "../api/types";
import { sameKey } from "../keys/content-keyring";
import type { OpenNote } from "../notes/open-state";
import { refreshNote } from "../notes/refresh-note";
import type { Session } from "../vault/session";
import { finishRotation } from "./finish-rotation";
import type { Member } from "./list-members";
import { type RosterEntry, type RosterOptions, writeRoster } from "./write-roster";

export interface RosterChange {
  /** The roster after the change, owner first. */
  members: Member[];
  etag: string;
  /** Whether a new content key replaced the old one. */
  rotated: boolean;
  /** The compaction that re-sealed the note under the new key (when rotated). */
  compaction?: NoteCoordinates;
  /** Accounts the server listed that the owner never signed in (issue 33): left out. */
  ghosts: string[];
  /** Members the owner signed in who were no longer listed: left out, and the key rotated. */
  departed: string[];
}

/**
 * Applies `plan` (see writeRoster). Rotates when `rotate` is set, and also when the
 * note is a legacy one sealed under the master key (§9 rule 9): the master key must
 * never be sealed to anyone, so sharing such a note first gives it its own key.
 */
export async function changeRoster(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  plan: (current: readonly Member[]) => RosterEntry[] | undefined,
  rotate: boolean,
  options: RosterOptions = {},
): Promise<RosterChange> {
  await refreshNote(api, session, note);
  const legacy = note.wrappedCek === undefined || sameKey(note.cek, session.masterKey);
  const rotating = rotate || legacy;
  const write = await writeRoster(api, session, note, plan, rotating, options);
  const { ghosts, departed } = write;
  if (!write.written || !write.rotated) {
    return { members: write.members, etag: write.etag, rotated: false, ghosts, departed };
  }
  const compaction = await finishRotation(api, session, note, write.cek, write.ownerWrappedCek);
  return { members: write.members, etag: write.etag, rotated: true, compaction, ghosts, departed };
}
