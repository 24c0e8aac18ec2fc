// ContentKeyring: for each note, every content key (CEK) this client has held, newest
// first (contract.md §9 rule 11). A rotation leaves content sealed under older keys on
// the server until someone re-seals it; readers try the keys in this order. The ring
// lives in memory; keyring-storage.ts persists it wrapped under the master key.

export type KeyringListener = (noteId: string) => void;

export class ContentKeyring {
  private readonly byNote = new Map<string, Uint8Array[]>();
  private readonly listeners = new Set<KeyringListener>();

  /** The note's keys, newest first; empty when none is known. */
  keys(noteId: string): readonly Uint8Array[] {
    return this.byNote.get(noteId.toLowerCase()) ?? [];
  }

  /** Every note id with at least one key. */
  noteIds(): string[] {
    return [...this.byNote.keys()];
  }

  /**
   * Records `cek` as the note's newest key (moving it to the front when already held).
   * Listeners hear of real changes only, so persisting on every call stays cheap.
   */
  remember(noteId: string, cek: Uint8Array): void {
    const id = noteId.toLowerCase();
    const held = this.byNote.get(id) ?? [];
    if (held[0] !== undefined && sameKey(held[0], cek)) return;
    this.byNote.set(id, [Uint8Array.from(cek), ...held.filter((k) => !sameKey(k, cek))]);
    this.notify(id);
  }

  /** Adds keys known from elsewhere (storage, another ring) behind the ones held. */
  restore(noteId: string, keys: readonly Uint8Array[]): void {
    const id = noteId.toLowerCase();
    const held = this.byNote.get(id) ?? [];
    const extra = keys.filter((k) => !held.some((h) => sameKey(h, k)));
    if (extra.length === 0) return;
    this.byNote.set(id, [...held, ...extra.map((k) => Uint8Array.from(k))]);
    this.notify(id);
  }

  /** Drops a note's keys (it was deleted, or this account lost access for good). */
  forget(noteId: string): void {
    if (this.byNote.delete(noteId.toLowerCase())) this.notify(noteId.toLowerCase());
  }

  /** Hears the id of every note whose keys changed; answers an unsubscribe function. */
  onChange(listener: KeyringListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(noteId: string): void {
    for (const listener of this.listeners) listener(noteId);
  }
}

/** Constant-length comparison is not needed here: both sides are our own keys. */
export function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
