// Which content keys an open note holds and how it moves to a new one. `cek` is the
// current key (what writers seal under); `formerCeks` are the keys held before it,
// newest first, tried on content the current key cannot open (contract.md §9 rule 11).
import { openSealedCek, type Sodium } from "@notes/crypto";
import type { NoteState } from "../api/types";
import { sameKey } from "../keys/content-keyring";
import type { Session } from "../vault/session";
import type { OpenNote } from "./open-state";

/** The current key from the caller's wrap, or the master key for a legacy note (§9 rule 9). */
export function contentKeyOf(sodium: Sodium, session: Session, state: NoteState): Uint8Array {
  return state.wrappedCek
    ? openSealedCek(sodium, state.wrappedCek, session.keyPair)
    : session.masterKey;
}

/** Every key to try on the note's content, current first. */
export function keysOf(note: Pick<OpenNote, "cek" | "formerCeks">): Uint8Array[] {
  return [note.cek, ...(note.formerCeks ?? [])];
}

/** `keys` without `current` and without repeats, order kept. */
export function formerKeys(current: Uint8Array, keys: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const key of keys) {
    if (!sameKey(key, current) && !out.some((k) => sameKey(k, key))) out.push(key);
  }
  return out;
}

/** Makes `cek` the note's current key; the previous one becomes the newest former key. */
export function switchContentKey(
  note: OpenNote,
  cek: Uint8Array,
  wrappedCek: string | undefined,
  session?: Session,
): void {
  if (!sameKey(cek, note.cek)) {
    note.formerCeks = formerKeys(cek, [note.cek, ...(note.formerCeks ?? [])]);
    note.cek = cek;
  }
  note.wrappedCek = wrappedCek;
  if (wrappedCek !== undefined) session?.keyring?.remember(note.id, cek);
}

/**
 * Follows a rotation someone else made: when the server's wrap for the caller differs
 * from the one the note was opened with, opens it and switches to the key inside.
 */
export function adoptContentKey(
  sodium: Sodium,
  session: Session,
  note: OpenNote,
  state: NoteState,
): void {
  if (state.wrappedCek === undefined || state.wrappedCek === note.wrappedCek) return;
  switchContentKey(note, contentKeyOf(sodium, session, state), state.wrappedCek, session);
}

/** Whether the server's wrap may hold a key this note has not adopted yet. */
export function wrapChanged(note: OpenNote, state: NoteState): boolean {
  return (
    note.wrappedCek !== undefined &&
    state.wrappedCek !== undefined &&
    state.wrappedCek !== note.wrappedCek
  );
}
