// The second half of a content-key rotation (contract.md §9 rule 11), after the roster
// replacement carrying the new wraps succeeded: switch the note to the new key (the
// old one stays held, newest-first behind it) and compact under the new key, so a
// member who never held the old key can read everything. The note is marked for
// re-sealing first: should this compaction fail, the next compactIfDue completes it.
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteCoordinates } from "../api/types";
import { UnexpectedResponse } from "../errors";
import { compactNote } from "../notes/compact";
import { switchContentKey } from "../notes/note-keys";
import type { OpenNote } from "../notes/open-state";
import { withRetry } from "../notes/retry";
import type { Session } from "../vault/session";

export async function finishRotation(
  api: ApiClient,
  session: Session,
  note: OpenNote,
  cek: Uint8Array,
  ownerWrappedCek: string | undefined,
  attempts = 3,
): Promise<NoteCoordinates> {
  switchContentKey(note, cek, ownerWrappedCek, session);
  note.resealDue = true;
  for (let attempt = 1; ; attempt++) {
    try {
      // The fetch makes coversVersion the newest version, every update under any key.
      const done = await withRetry(() => compactNote(api, note, { session, fetch: true }));
      if (!done) throw new UnexpectedResponse("compaction after rotation was skipped");
      return done;
    } catch (error) {
      // Someone compacted past our fetch: fetch again and cover their version too.
      if (!isProblem(error, "stale-compaction") || attempt >= attempts) throw error;
    }
  }
}
