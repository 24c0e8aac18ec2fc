// The newest state this device has seen of each note (issue 21, attack 5): the version,
// the snapshot version and a digest of the update at that version. A server that later
// serves less (a lower version, an older snapshot, a changed update) is caught by
// served-state.ts. Like pins, the store is the app's to persist (the SDK's is in
// memory; onChange is the hook): a device that forgets what it saw cannot notice.
import type { Sodium } from "@notes/crypto";
import { fromBase64, toBase64 } from "@notes/crypto";

export interface SeenState {
  noteId: string;
  version: number;
  snapshotVersion: number;
  /**
   * Base64 BLAKE2b-256 of the update envelope at `version` (its Base64-decoded bytes),
   * when that version was an update above the snapshot; absent at a snapshot.
   */
  updateDigest?: string;
}

/** Where seen states live; reads are synchronous (keep a copy in memory). */
export interface SeenStates {
  get(noteId: string): SeenState | undefined;
  set(state: SeenState): void;
  /** The note left this device honestly (deleted, or this account lost access). */
  forget(noteId: string): void;
  all(): SeenState[];
}

export class MemorySeenStates implements SeenStates {
  private readonly byNote = new Map<string, SeenState>();
  private readonly listeners = new Set<() => void>();

  constructor(states: Iterable<SeenState> = []) {
    for (const state of states) this.byNote.set(state.noteId.toLowerCase(), { ...state });
  }

  get(noteId: string): SeenState | undefined {
    const state = this.byNote.get(noteId.toLowerCase());
    return state && { ...state };
  }

  set(state: SeenState): void {
    this.byNote.set(state.noteId.toLowerCase(), { ...state, noteId: state.noteId.toLowerCase() });
    this.changed();
  }

  forget(noteId: string): void {
    if (this.byNote.delete(noteId.toLowerCase())) this.changed();
  }

  all(): SeenState[] {
    return [...this.byNote.values()].map((s) => ({ ...s }));
  }

  /** Hears every change; answers an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** BLAKE2b-256 of an update envelope's bytes, Base64 (docs/client-crypto.md, "Seen states"). */
export function updateDigest(sodium: Pick<Sodium, "crypto_generichash">, envelope: string): string {
  return toBase64(sodium.crypto_generichash(32, fromBase64(envelope), null));
}

/** Reads seen states back from JSON an app stored (`JSON.stringify(store.all())`). */
export function parseSeenStates(json: string): SeenState[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((s: Partial<SeenState>) =>
    typeof s.noteId === "string" &&
    Number.isSafeInteger(s.version) &&
    Number.isSafeInteger(s.snapshotVersion)
      ? [
          {
            noteId: s.noteId,
            version: s.version as number,
            snapshotVersion: s.snapshotVersion as number,
            ...(typeof s.updateDigest === "string" && { updateDigest: s.updateDigest }),
          },
        ]
      : [],
  );
}
