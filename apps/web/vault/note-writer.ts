// Turns local edits into outbox ops: watches each note's Yjs document, gathers the
// updates typed within a short pause, seals them under the note's content key with
// a fresh requestId (signed, docs/client-crypto.md "Signed content"), and stores op and
// ciphertext cache together before sending.
// Updates from the server or from a peer's live frame are never appended again (the
// author appends its own, contract.md §9 rule 10); a live one still has to reach the
// local cache, so its note is handed back as "touched" for re-caching only.
import {
  clocksOf,
  isDocOpen,
  isRemoteOrigin,
  LIVE_ORIGIN,
  type OpenNote,
  sealNoteMetadata,
  sealUpdates,
} from "@notes/client";
import { copyMetadata, loadSodium, type NoteMetadata, type Sodium } from "@notes/crypto";
import type * as Y from "yjs";

const PAUSE_MS = 300;

export interface SealedEdit {
  note: OpenNote;
  updateCount: number;
  body: { id: string; requestId: string; updates: string[]; metadata: string | null };
  /** Per writer, the Yjs clock these updates reach (held once they are acknowledged). */
  clocks: [number, number][];
}

/** `edits` go to the outbox; `touched` notes changed through live frames only: cache them. */
export type StoreEdits = (edits: SealedEdit[], touched: OpenNote[]) => Promise<void>;

export class NoteWriter {
  private readonly watched = new WeakSet<Y.Doc>();
  private readonly updates = new Map<string, Uint8Array[]>();
  private readonly metadata = new Map<string, NoteMetadata>();
  private readonly notes = new Map<string, OpenNote>();
  private readonly touched = new Map<string, OpenNote>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Libsodium once loaded: a page hide seals with it synchronously (flushNow). */
  private sodium: Sodium | undefined;

  /** `dirty` hears whether edits wait in memory (not yet sealed into the outbox). */
  constructor(
    private readonly store: StoreEdits,
    private readonly dirty: (waiting: boolean) => void = () => undefined,
    /** The key-transparency head this device last saw, carried in metadata it writes. */
    private readonly seenHead: () => Uint8Array | undefined = () => undefined,
  ) {
    void loadSodium().then((sodium) => {
      this.sodium = sodium;
    });
  }

  /**
   * Starts sending this note's local edits (idempotent per document). A resting note
   * (its document let go, issue 35) is watched when its document opens again: nobody
   * can type into a document that is not open, and watching must not open it.
   */
  watch(note: OpenNote): void {
    this.notes.set(note.id, note);
    if (!isDocOpen(note) || this.watched.has(note.doc)) return;
    this.watched.add(note.doc);
    note.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === LIVE_ORIGIN) {
        this.touched.set(note.id, note);
        this.schedule(false);
        return;
      }
      if (isRemoteOrigin(origin)) return;
      const list = this.updates.get(note.id) ?? [];
      list.push(update);
      this.updates.set(note.id, list);
      this.schedule(true);
    });
  }

  /**
   * Appends `update` to `note` as if typed here: what a compaction left out that this
   * device held (the SDK's healUpdate, CompactionIncomplete), put back as its own edit.
   */
  adopt(note: OpenNote, update: Uint8Array): void {
    this.notes.set(note.id, note);
    const list = this.updates.get(note.id) ?? [];
    list.push(update);
    this.updates.set(note.id, list);
    this.schedule(true);
  }

  setMetadata(note: OpenNote, metadata: NoteMetadata): void {
    this.notes.set(note.id, note);
    note.metadata = copyMetadata(metadata);
    this.metadata.set(note.id, note.metadata);
    this.schedule(true);
  }

  /**
   * Puts title and tags typed but not yet sealed back on their notes: a sync may have
   * replaced them with the server's older metadata meanwhile.
   */
  reapplyPending(): void {
    for (const [id, metadata] of this.metadata) {
      const note = this.notes.get(id);
      if (note) note.metadata = copyMetadata(metadata);
    }
  }

  /** Forgets pending edits of a deleted (or no longer shared) note. */
  drop(id: string): void {
    this.updates.delete(id);
    this.metadata.delete(id);
    this.notes.delete(id);
    this.touched.delete(id);
  }

  /**
   * Stops following a note with nothing pending (it rests on the device, issue 35):
   * answers false, keeping it, while edits of it wait to be sealed.
   */
  release(id: string): boolean {
    if (this.updates.has(id) || this.metadata.has(id) || this.touched.has(id)) return false;
    this.notes.delete(id);
    return true;
  }

  /** Seals and stores everything pending now (sign-out and tests call this). */
  async flush(): Promise<void> {
    this.sodium ??= await loadSodium();
    await this.storeTaken(this.take(this.sodium));
  }

  /**
   * Seals everything pending within this task, no promise awaited first (page hide: the
   * page may be gone before one settles), hands the sealed edits to `kept` at once, then
   * stores them as a pause would. Before libsodium was ever loaded here (nothing sealed
   * yet), a plain flush.
   */
  flushNow(kept: (edits: SealedEdit[]) => void): Promise<void> {
    if (!this.sodium) return this.flush();
    const taken = this.take(this.sodium);
    if (taken && taken.edits.length > 0) kept(taken.edits);
    return this.storeTaken(taken);
  }

  /** What waits, sealed and taken off the pending maps (undefined: nothing waits). */
  private take(sodium: Sodium): { edits: SealedEdit[]; touched: OpenNote[] } | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = new Set([...this.updates.keys(), ...this.metadata.keys()]);
    const touched = [...this.touched.values()].filter((n) => !ids.has(n.id));
    this.touched.clear();
    if (ids.size === 0 && touched.length === 0) {
      // Everything pending was dropped (the note was deleted): nothing waits any more.
      this.dirty(false);
      return undefined;
    }
    const edits: SealedEdit[] = [];
    for (const id of ids) {
      const note = this.notes.get(id);
      const updates = this.updates.get(id) ?? [];
      const metadata = this.metadata.get(id);
      this.updates.delete(id);
      this.metadata.delete(id);
      if (!note) continue;
      const clocks = new Map<number, number>();
      for (const update of updates)
        for (const [client, clock] of clocksOf(update))
          clocks.set(client, Math.max(clock, clocks.get(client) ?? 0));
      edits.push({
        note,
        updateCount: updates.length,
        clocks: [...clocks],
        body: {
          id,
          requestId: crypto.randomUUID(),
          ...sealUpdates(sodium, note, updates),
          ...(metadata
            ? sealNoteMetadata(sodium, note, metadata, this.seenHead())
            : { metadata: null }),
        },
      });
    }
    return { edits, touched };
  }

  private async storeTaken(
    taken: { edits: SealedEdit[]; touched: OpenNote[] } | undefined,
  ): Promise<void> {
    if (!taken) return;
    await this.store(taken.edits, taken.touched);
    this.dirty(this.updates.size + this.metadata.size > 0);
  }

  /** `typed`: a local edit waits (the status says "Saving…"); live ones only re-cache. */
  private schedule(typed: boolean): void {
    if (typed) this.dirty(true);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), PAUSE_MS);
  }
}
