// Deleting a note (owner only), signed (issue 33, item 3): the owner signs the note's
// id and the version it last saw (trust/deletion-signature.ts), and every member's
// tombstone carries the signature, so their devices act on the deletion. The server
// holds the deletion to that version: when the note moved on meanwhile (someone
// appended), it answers 412, and the note is read (and judged, as any served state)
// before the deletion is signed again at the version read.
import { loadSodium } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { signDeletion } from "../trust/deletion-signature";
import { checkServedState, seenNow } from "../trust/served-state";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";

/** How many times a deletion is signed again after the note moved on meanwhile. */
const ATTEMPTS = 3;

/**
 * Deletes `note` (its id and, when known, the version this device holds), signed with
 * the session's key. Without a version the note is read first.
 */
export async function deleteNote(
  api: ApiClient,
  session: Session,
  note: { id: string; version?: number },
): Promise<void> {
  const sodium = await loadSodium();
  let version = note.version ?? (await currentVersion(api, session, note.id));
  for (let attempt = 1; ; attempt++) {
    if (version === undefined) return;
    const deletionSignature = signDeletion(sodium, signerOf(session), note.id, version);
    try {
      await api.call("notes.removeSigned", { id: note.id, version, deletionSignature });
      return;
    } catch (error) {
      if (!isProblem(error, "precondition-failed") || attempt >= ATTEMPTS) throw error;
    }
    version = await currentVersion(api, session, note.id);
  }
}

/** The note's version as the server now holds it (judged); undefined once it is deleted. */
async function currentVersion(
  api: ApiClient,
  session: Session,
  id: string,
): Promise<number | undefined> {
  const sodium = await loadSodium();
  const asked = seenNow(session, id);
  const state = await api.call("notes.get", { id }).catch((error: unknown) => {
    if (isProblem(error, "note-deleted")) return undefined;
    throw error;
  });
  if (!state || state.deleted) return undefined;
  checkServedState(sodium, session, state, asked);
  return state.version;
}
