// Builds the list the UI shows from the notes a Notebook holds (with role, shared mark
// and date), and keeps the sealed snapshot a reload shows first
// (list-snapshot.ts) once the list has settled and the person has paused: at 10,000
// notes handing that list to the worker that seals it is ~15 ms of work, which must
// not land between two keystrokes (an idle callback alone would: the gaps between
// keys are idle time). A pause of a second and a half is enough: without a snapshot
// a reload at 10,000 notes opens the whole cache first (~6 s, measured), so the
// snapshot must not wait for a long silence that a working person never makes. When
// the tab is hidden (another tab, the phone's home screen) it is saved at once, and
// the first list after the session's first sync goes out at the next idle moment,
// typing or not: it is the one a reload needs most, and it costs one task, once.
import type { SyncEngine } from "@notes/client";
import { lastInputAt, onTabHidden, whenIdle } from "./after-pause";
import { listFacts } from "./note-order";
import type { NoteListItem } from "./vault-state";

/** Quiet time after the last change, and after the last key or click, before saving. */
const SNAPSHOT_AFTER_MS = 1_500;

/**
 * While pages stream in, the least time between two lists, per note held: building and
 * arranging the list costs time in proportion to the notes, once per list, so a list
 * per page of a 100,000-note first sync (200 pages) is quadratic work and its longest
 * tasks. At one list per 20 ms per 1,000 notes it stays a small share of the main
 * thread: every page at 10,000 notes (pages land ~0.7 s apart), every ~2 s at 100,000.
 */
const STREAM_MS_PER_NOTE = 0.02;

export class ListPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: NoteListItem[] | undefined;
  private readonly stopHidden: () => void;
  private saved: NoteListItem[] | undefined;
  /** The first sync is over and no snapshot has gone out yet: do not wait for a pause. */
  private urgent = false;
  /** performance.now() of the last list shown, and the list that waits its turn. */
  private shownAt = Number.NEGATIVE_INFINITY;
  private waiting: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly engine: SyncEngine,
    private readonly memberCounts: ReadonlyMap<string, number>,
    private readonly show: (notes: NoteListItem[]) => void,
    /** Seals and stores the snapshot (in the background worker where there is one). */
    private readonly save: (notes: NoteListItem[]) => Promise<void>,
    /** When the person last typed or clicked (performance.now() time; 0: never). */
    private readonly lastInput: () => number = lastInputAt,
    /** Calls back when the tab is hidden; returns how to stop listening. */
    onHidden: (hidden: () => void) => () => void = onTabHidden,
  ) {
    this.stopHidden = onHidden(() => this.saveNow());
  }

  /**
   * A list for notes that are still streaming in (a sync's pages): shown at once when
   * the last one is old enough (see STREAM_MS_PER_NOTE), else once it is, with
   * whatever has arrived by then. `publish()` shows at once and ends the wait.
   */
  publishSoon(): void {
    if (this.waiting) return;
    const gap = (this.latest?.length ?? 0) * STREAM_MS_PER_NOTE;
    const wait = this.shownAt + gap - performance.now();
    if (wait > 0) this.waiting = setTimeout(() => this.publish(), wait);
    else this.publish();
  }

  publish(): void {
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.shownAt = performance.now();
    // In no particular order: the list arranges them as the person chose (note-order.ts).
    const notes: NoteListItem[] = [];
    for (const note of this.engine.held()) {
      const { title, tags } = note.metadata;
      notes.push({
        id: note.id,
        title,
        tags: [...tags],
        role: note.role,
        shared: (this.memberCounts.get(note.id) ?? 1) > 1,
        ...listFacts(note),
      });
    }
    this.show(notes);
    this.latest = notes;
    if (this.urgent && !this.saved) this.saveWhenIdle(notes);
    else this.scheduleSave(SNAPSHOT_AFTER_MS);
  }

  /** The session's first sync is over: its list is saved at the next idle moment. */
  settled(): void {
    this.urgent = true;
    if (this.latest && !this.saved) this.saveWhenIdle(this.latest);
  }

  private scheduleSave(afterMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const input = this.lastInput();
      const typedAgo = performance.now() - input;
      if (input > 0 && typedAgo < SNAPSHOT_AFTER_MS)
        return this.scheduleSave(SNAPSHOT_AFTER_MS - typedAgo);
      if (this.latest) this.saveWhenIdle(this.latest);
    }, afterMs);
  }

  private saveWhenIdle(notes: NoteListItem[]): void {
    clearTimeout(this.timer);
    whenIdle(() => {
      if (this.latest === notes) this.store(notes); // else a newer list will be saved instead
    });
  }

  /** The newest list, unless it is saved already. */
  private saveNow(): void {
    const notes = this.latest;
    if (!notes) return;
    clearTimeout(this.timer);
    this.store(notes);
  }

  private store(notes: NoteListItem[]): void {
    if (this.saved === notes) return;
    this.saved = notes;
    void this.save(notes).catch(() => undefined);
  }

  stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.stopHidden();
    this.latest = undefined;
  }
}
