// What this device knows of each note's group state (issue 33; docs/client-crypto.md,
// "The signed group state"): the roster epoch of the key it holds, whose key that is,
// who owns the note, the newest roster chain entry it verified (and the newest the
// key-transparency log was seen to hold), and whether the note was ever shared. The server's later word never lowers any of it: a handout at an older
// epoch, a chain shorter than the one seen, a `memberCount` of 1 on a note once shared.
// Like seen states, the store is the app's to persist (`all()` / parseNoteKeyStates; the
// SDK's lives in memory and `onChange` is the hook). Only notes with something to
// remember are kept: an own note never shared, at epoch 0, needs no record.

export interface NoteKeyState {
  noteId: string;
  /** The roster epoch of the handout the current key came from; -1 when unsigned. */
  epoch: number;
  /** epochId (url-safe Base64) of the current content key; empty when not known. */
  keyId: string;
  /** The note's owner, as this device first learned it (never replaced). */
  ownerId?: string;
  /** The newest roster chain entry verified here: its epoch and hash (Base64). */
  rosterEpoch?: number;
  rosterHead?: string;
  /**
   * The newest chain epoch this device saw the key-transparency log hold for the note
   * (issue 34): once logged, a roster chain served without the log's proof is withheld.
   */
  rosterLogged?: number;
  /** True once the note was seen with more than one member (or from a member's side). */
  shared?: boolean;
}

export class NoteKeyStates {
  private readonly byNote = new Map<string, NoteKeyState>();
  private readonly listeners = new Set<() => void>();

  constructor(states: Iterable<NoteKeyState> = []) {
    for (const state of states) this.byNote.set(state.noteId.toLowerCase(), { ...state });
  }

  get(noteId: string): NoteKeyState | undefined {
    const state = this.byNote.get(noteId.toLowerCase());
    return state && { ...state };
  }

  /**
   * Merges `update` into what is known: epochs and the roster head only move forward,
   * the owner is kept once known, `shared` once true stays true.
   */
  learn(update: NoteKeyState): NoteKeyState {
    const id = update.noteId.toLowerCase();
    const held = this.byNote.get(id);
    const newerKey = !held?.keyId || update.epoch > held.epoch || held.keyId === update.keyId;
    const newerRoster = (update.rosterEpoch ?? -1) > (held?.rosterEpoch ?? -1);
    const next: NoteKeyState = {
      noteId: id,
      epoch: newerKey ? Math.max(update.epoch, held?.epoch ?? -1) : (held?.epoch ?? -1),
      keyId: (newerKey && update.keyId) || (held?.keyId ?? update.keyId),
      ...((held?.ownerId ?? update.ownerId) && { ownerId: held?.ownerId ?? update.ownerId }),
      ...(newerRoster
        ? { rosterEpoch: update.rosterEpoch, rosterHead: update.rosterHead }
        : held?.rosterEpoch !== undefined && {
            rosterEpoch: held.rosterEpoch,
            rosterHead: held.rosterHead,
          }),
      ...((held?.rosterLogged !== undefined || update.rosterLogged !== undefined) && {
        rosterLogged: Math.max(held?.rosterLogged ?? 0, update.rosterLogged ?? 0),
      }),
      ...((held?.shared || update.shared) && { shared: true }),
    };
    if (JSON.stringify(next) !== JSON.stringify(held)) {
      this.byNote.set(id, next);
      for (const listener of this.listeners) listener();
    }
    return { ...next };
  }

  /** Records that the note is shared, keeping everything else known (issue 33, item 7). */
  markShared(noteId: string): void {
    const held = this.byNote.get(noteId.toLowerCase());
    if (held?.shared) return;
    this.learn({ ...(held ?? { noteId, epoch: -1, keyId: "" }), shared: true });
  }

  all(): NoteKeyState[] {
    return [...this.byNote.values()].map((s) => ({ ...s }));
  }

  /** Hears every change; answers an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Reads states back from JSON an app stored (`JSON.stringify(store.all())`). */
export function parseNoteKeyStates(json: string): NoteKeyState[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((s: Partial<NoteKeyState>) =>
    typeof s.noteId === "string" && Number.isSafeInteger(s.epoch) && typeof s.keyId === "string"
      ? [
          {
            noteId: s.noteId,
            epoch: s.epoch as number,
            keyId: s.keyId,
            ...(typeof s.ownerId === "string" && { ownerId: s.ownerId }),
            ...(Number.isSafeInteger(s.rosterEpoch) &&
              typeof s.rosterHead === "string" && {
                rosterEpoch: s.rosterEpoch,
                rosterHead: s.rosterHead,
              }),
            ...(Number.isSafeInteger(s.rosterLogged) && { rosterLogged: s.rosterLogged }),
            ...(s.shared === true && { shared: true }),
          },
        ]
      : [],
  );
}
