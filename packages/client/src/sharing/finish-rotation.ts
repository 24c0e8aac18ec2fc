// The second half of a content-key rotation (contract.md §9 rule 11), after the roster
// replacement carrying the new wraps succeeded: switch the note to the new key (the
// old one stays held, newest-first behind it) and compact under the new key, so a
// member who never held the old key can read everything, and re-wrap the note's file keys. The note is marked for
// re-sealing first: should this compaction fail, the next compactIfDue completes it.
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteCoordinates } from "../api/types";
import { rewrapAttachmentKeys } from "../attachments/change";
import { UnexpectedResponse } from "../errors";
import { compactNote } from "../notes/compact";
import { switchContentKey } from "../notes/note-keys";
import type { OpenNote } from "../notes/open-state";
import { withRetry } from "../notes/retry";
import type { Session } from "../vault/session";

/**
 * The note's file keys, wrapped again under the new key (issue 36): a member added
 * after the rotation holds only the new key. The chunks are never re-encrypted: a
 * removed member who kept a file key could read those bytes, had they the ciphertext,
 * which the server no longer serves them. Best effort: the rotation stands without
 * it, and a writer's device re-wraps a file key it finds under a former key when it
 * opens the file (apps/web vault/note-attachments.ts).
 */
async function rewrapAttachments(api: ApiClient, note: OpenNote): Promise<void> {
  try {
    await rewrapAttachmentKeys(api, await loadSodium(), note.id, note.cek, note.formerCeks ?? []);
  } catch {
    // A server without attachments, or one that failed: nothing to re-wrap now.
  }
}

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
      await rewrapAttachments(api, note);
      return done;
    } catch (error) {
      // Someone compacted past our fetch: fetch again and cover their version too.
      if (!isProblem(error, "stale-compaction") || attempt >= attempts) throw error;
    }
  }
}
