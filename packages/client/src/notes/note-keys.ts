// Which content keys an open note holds and how it moves to a new one. `cek` is the
// current key (what writers seal under); `formerCeks` are the keys held before it,
// newest first, tried on content the current key cannot open (contract.md §9 rule 11).
import { deriveEpochId, type Sodium } from "@notes/crypto";
import type { NoteState } from "../api/types";
import { KeyHandoutRefused } from "../errors";
import { sameKey } from "../keys/content-keyring";
import { openWrap } from "../keys/opened-wraps";
import {
  isShared,
  judgeHandout,
  keyStatesOf,
  ownerOf,
  verifiedHandoutEpoch,
} from "../trust/key-handouts";
import type { Session } from "../vault/session";
import type { OpenNote } from "./open-state";

/**
 * The key inside the caller's served wrap, or the master key for a legacy note (§9 rule
 * 9), taken at its word: for reading what a state holds. To choose the key a note is
 * written under, use contentKeyFor.
 */
export function contentKeyOf(sodium: Sodium, session: Session, state: NoteState): Uint8Array {
  return state.wrappedCek ? openWrap(sodium, session, state.wrappedCek) : session.masterKey;
}

/**
 * The key to open a served state with, as this device knows the note (issue 33): the
 * key inside the served wrap when it is the key held, or a newer one the owner handed
 * out; otherwise the key held, with the refusal to report. A note this device knows
 * nothing of is taken as served (trust on first use), and what it shows is recorded.
 */
export function contentKeyFor(
  sodium: Sodium,
  session: Session,
  state: NoteState,
): { cek: Uint8Array; refused?: KeyHandoutRefused } {
  const wrap = state.wrappedCek;
  if (!wrap) return { cek: session.masterKey };
  const held = session.keyring?.keys(state.id) ?? [];
  const known = keyStatesOf(session).get(state.id);
  const cek = openWrap(sodium, session, wrap);
  const current = held[0];
  const keyId = deriveEpochId(sodium, cek);
  if (current ? sameKey(current, cek) : !known?.keyId || known.keyId === keyId) {
    if (!known?.keyId) firstSight(sodium, session, state, cek, keyId);
    return { cek };
  }
  // Judged against the key held (or, with none in the ring, one that matches nothing).
  const note = {
    id: state.id,
    cek: current ?? new Uint8Array(32),
    formerCeks: held.slice(1),
    role: state.role,
  };
  const verdict = judgeHandout(sodium, session, note, state);
  if (verdict.kind === "adopt") {
    learnKey(session, state, verdict.epoch, keyId);
    return { cek };
  }
  const refused = new KeyHandoutRefused(
    state.id,
    verdict.kind === "refuse" ? verdict.reason : "retired-key",
  );
  if (!current) throw refused;
  return { cek: current, refused };
}

/** Records a note seen for the first time, when it has anything to remember. */
function firstSight(
  sodium: Sodium,
  session: Session,
  state: NoteState,
  cek: Uint8Array,
  keyId: string,
): void {
  if (!isShared(session, state) && (state.wrappedCekEpoch ?? 0) === 0) return;
  learnKey(session, state, verifiedHandoutEpoch(sodium, session, state, cek), keyId);
}

function learnKey(session: Session, state: NoteState, epoch: number, keyId: string): void {
  const ownerId = ownerOf(session, state.id, state.role);
  keyStatesOf(session).learn({
    noteId: state.id,
    epoch: Math.max(epoch, -1),
    keyId,
    ...(ownerId && { ownerId }),
    ...(isShared(session, state) && { shared: true }),
  });
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
 * Follows a rotation the owner made: when the server's wrap for the caller differs from
 * the one the note was opened with, takes the key inside only when the owner's signed
 * handout says so, at a newer epoch (trust/key-handouts.ts, issue 33). Anything else
 * keeps the key held and leaves a KeyHandoutRefused in `note.warnings`.
 */
export function adoptContentKey(
  sodium: Sodium,
  session: Session,
  note: OpenNote,
  state: NoteState,
): void {
  if (state.wrappedCek === undefined || state.wrappedCek === note.wrappedCek) return;
  const verdict = judgeHandout(sodium, session, note, state);
  if (verdict.kind === "refuse") {
    const told = note.warnings?.some(
      (w) => w instanceof KeyHandoutRefused && w.reason === verdict.reason,
    );
    if (!told)
      note.warnings = [...(note.warnings ?? []), new KeyHandoutRefused(note.id, verdict.reason)];
    return;
  }
  if (verdict.kind === "adopt") {
    switchContentKey(note, openWrap(sodium, session, state.wrappedCek), state.wrappedCek, session);
  } else {
    note.wrappedCek = state.wrappedCek;
  }
  if (verdict.kind === "adopt" || verdict.epoch !== undefined) {
    learnKey(session, state, verdict.epoch ?? -1, verdict.keyId);
  }
}

/** Whether the server's wrap may hold a key this note has not adopted yet. */
export function wrapChanged(note: OpenNote, state: NoteState): boolean {
  return (
    note.wrappedCek !== undefined &&
    state.wrappedCek !== undefined &&
    state.wrappedCek !== note.wrappedCek
  );
}
