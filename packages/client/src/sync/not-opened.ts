// What a sync reports of a note it could not open (issue 33, item 13): which note, why,
// and whether this device held it (then it stays exactly as held). The reasons are the
// ones a person can be told: the key sent for this account does not open, the title and
// tags do not open, the content does not open with any key held here (yet), or the
// answer lacks what a note needs. Each such note is recorded; none is left out silently.
import {
  CryptoError,
  DecryptionFailed,
  type NoteMetadata,
  openMetadata,
  type Sodium,
} from "@notes/crypto";
import type { NoteState } from "../api/types";
import { MissingKeyMaterial } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import { contentKeyOf, keysOf, wrapChanged } from "../notes/note-keys";
import type { OpenNote } from "../notes/open-state";
import type { Session } from "../vault/session";

export type NotOpenedReason =
  /** The content key the server sent for this account does not open with its key. */
  | "key"
  /** The title and tags do not open under the note's key (swapped or damaged). */
  | "metadata"
  /** No key held here opens the content (after a rotation not re-sealed yet). */
  | "content"
  /** The answer lacks what a note needs (no snapshot) or is not well formed. */
  | "malformed";

export interface NoteNotOpened {
  noteId: string;
  reason: NotOpenedReason;
  /** This device held the note: it stays as held, nothing of the answer applied. */
  held: boolean;
}

/**
 * Why `error`, thrown while opening `state`, left the note unopened; undefined for
 * errors that are not about this note's answer (the network, a bug), which the sync
 * throws as before.
 */
export function notOpenedReason(
  sodium: Sodium,
  session: Session,
  state: NoteState,
  local: OpenNote | undefined,
  error: unknown,
): NotOpenedReason | undefined {
  if (error instanceof DecryptionFailed) return diagnose(sodium, session, state, local);
  if (error instanceof CryptoError || error instanceof MissingKeyMaterial) return "malformed";
  return undefined;
}

/**
 * Opens the served title and tags of a note this device holds, before anything of the
 * state is applied: what does not open throws DecryptionFailed, and a held note then
 * stays as it was (applyUpdatesAbove takes the updates before the metadata). Undefined
 * when the state carries no metadata.
 */
export function openServedMetadata(
  sodium: Sodium,
  session: Session,
  local: OpenNote,
  state: NoteState,
): NoteMetadata | undefined {
  const envelope = state.metadata;
  if (!envelope) return undefined;
  const keys = wrapChanged(local, state)
    ? [contentKeyOf(sodium, session, state), ...keysOf(local)]
    : keysOf(local);
  return openWithKeys(keys, (k) => openMetadata(sodium, k, state.id, envelope)).value;
}

/** Which part did not open; run only after something failed, so its cost is rare. */
function diagnose(
  sodium: Sodium,
  session: Session,
  state: NoteState,
  local: OpenNote | undefined,
): NotOpenedReason {
  let key: Uint8Array;
  try {
    key = contentKeyOf(sodium, session, state);
  } catch {
    return "key";
  }
  const envelope = state.metadata;
  if (!envelope) return "content";
  const keys = [key, ...(local ? keysOf(local) : []), ...(session.keyring?.keys(state.id) ?? [])];
  try {
    openWithKeys(keys, (k) => openMetadata(sodium, k, state.id, envelope));
  } catch (error) {
    return error instanceof DecryptionFailed ? "metadata" : "malformed";
  }
  return "content";
}
