// Keeps the list the UI shows, a sorted index of the notes a Notebook holds (with role,
// shared mark and date; note-index.ts) changed a row at a time, and keeps the sealed snapshot a reload shows first
// (list-snapshot.ts) once the list has settled and the person has paused: at 10,000
// notes handing that list to the worker that seals it is ~15 ms of work, which must
// not land between two keystrokes (an idle callback alone would: the gaps between
// keys are idle time). A pause of a second and a half is enough: without a snapshot
// a reload at 10,000 notes opens the whole cache first (~6 s, measured), so the
// snapshot must not wait for a long silence that a working person never makes. When
// the tab is hidden (another tab, the phone's home screen) it is saved at once, and
// the first list after the session's first sync goes out at the next idle moment,
// typing or not: it is the one a reload needs most, and it costs one task, once.
import type { OpenNote, SyncEngine } from "@notes/client";
import { lastInputAt, onTabHidden, whenIdle } from "./after-pause";
import { inSavedOrder } from "./list-snapshot";
import { NoteIndex } from "./note-index";
import { NoteListView } from "./note-list-view";
import { listFacts } from "./note-order";
import type { NoteListItem } from "./vault-state";

/** What a row is made of: a note held, or one listed from a metadata page. */
type Listed = Pick<OpenNote, "id" | "metadata" | "role" | "updatedAt">;

/**
 * A snapshot is said to cover the notes cached up to this long before the index was
 * last brought level: a note is cached a moment after its row is marked (a sync page),
 * or just before (an edit), so a reload re-reads a few notes too many, never too few.
 */
const COVER_MARGIN_MS = 10_000;

/** Quiet time after the last change, and after the last key or click, before saving. */
const SNAPSHOT_AFTER_MS = 1_500;

/**
 * While pages stream in, the least time between two lists, per note held: each list
 * shown re-renders what reads it (the sidebar's counts go over every note), so a list
 * per page of a 100,000-note first sync (200 pages) would be quadratic work. At one
 * list per 20 ms per 1,000 notes it stays a small share of the main thread.
 */
const STREAM_MS_PER_NOTE = 0.02;

export class ListPublisher {
  /** The sorted index the lists are views of (note-index.ts): changed a row at a time. */
  private index = new NoteIndex();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The index's version last shown, and last saved. */
  private latest: number | undefined;
  private saved: number | undefined;
  private readonly stopHidden: () => void;
  /** The first sync is over and no snapshot has gone out yet: do not wait for a pause. */
  private urgent = false;
  /** performance.now() of the last list shown, and the list that waits its turn. */
  private shownAt = Number.NEGATIVE_INFINITY;
  private waiting: ReturnType<typeof setTimeout> | undefined;
  /**
   * Rows changed since the last list, read when they were marked (null: the note left).
   * A note is read then, not when the list is shown: by then a note the engine let go
   * (it rests on the device, issue 35) is no longer held, and has not left.
   */
  private due = new Map<string, NoteListItem | null>();
  /** Only the saved list's first screen is listed yet (showSaved): nothing is saved. */
  private firstScreen = false;
  /** The index's version when the saved list (or its first screen) was shown. */
  private firstScreenVersion: number | undefined;
  /** Look at every note held in memory too when the list is next shown. */
  private everyHeld = false;
  /** When the index was last brought level with what was marked (Date.now()). */
  private refreshedAt = Date.now();
  /**
   * The index holds a row for every note the device has cached: false from a reload's
   * showSaved (its snapshot may trail the cache) until the first list is read
   * (`wholeListed`). Nothing is saved before, since a save says what it covers.
   */
  private level = true;
  /** What the stored snapshot is said to cover (-∞: not known to this list). */
  private storedCovers = Number.NEGATIVE_INFINITY;
  /** The last save asked for, and the covers said after it: whether it was stored. */
  private saving: Promise<boolean> = Promise.resolve(true);

  constructor(
    private readonly engine: SyncEngine,
    private readonly memberCounts: ReadonlyMap<string, number>,
    private readonly show: (list: NoteListView) => void,
    /**
     * Seals and stores the snapshot (in the background worker where there is one), with
     * the time (Date.now()) up to which it holds every cached note's row; with no notes,
     * stores only that time, for the snapshot stored last.
     */
    private readonly save: (notes: NoteListItem[] | undefined, covers: number) => Promise<void>,
    /** When the person last typed or clicked (performance.now() time; 0: never). */
    private readonly lastInput: () => number = lastInputAt,
    /** Calls back when the tab is hidden; returns how to stop listening. */
    onHidden: (hidden: () => void) => () => void = onTabHidden,
  ) {
    this.stopHidden = onHidden(() => this.saveNow());
  }

  /**
   * Shows the list a reload saved (list-snapshot.ts) until the notes themselves are
   * open: its index becomes the one kept from here (none saved: an empty list).
   */
  showSaved(saved: NoteIndex | undefined, firstScreen = false): void {
    if (saved) this.index = saved;
    this.firstScreen = firstScreen;
    this.level = false;
    // What is stored already is not saved again: at 100,000 notes that is ~30 MB sealed
    // on every hide of the tab, which held up the next page's load by 1–2 s.
    if (saved && !firstScreen) this.saved = saved.version;
    this.firstScreenVersion = saved?.version;
    this.show(new NoteListView(this.index));
  }

  /**
   * The rest of the saved list, after its first screen was shown (`showSaved(…, true)`):
   * rows not listed yet are added (a row listed meanwhile is newer than the snapshot's),
   * and the list may be saved again. (A rest that does not open: `wholeListed`, once the
   * cache that replaces it is read.)
   */
  savedRest(rows: Iterable<NoteListItem>): void {
    if (!this.firstScreen) return;
    const untouched = this.index.version === this.firstScreenVersion;
    const missing: NoteListItem[] = [];
    for (const row of rows) if (!this.index.get(row.id)) missing.push(row);
    this.index.apply(missing);
    this.firstScreen = false;
    // Nothing listed meanwhile: the list is the one stored.
    if (untouched) this.saved = this.index.version;
    this.show(new NoteListView(this.index));
    if (this.latest !== undefined) this.scheduleSave(SNAPSHOT_AFTER_MS);
  }

  /**
   * The first list is read (the cache, or the notes cached after the snapshot): the
   * index is level with the device's cache, and no longer holds only a first screen.
   */
  wholeListed(): void {
    this.level = true;
    this.firstScreen = false;
    if (this.latest !== undefined) this.scheduleSave(SNAPSHOT_AFTER_MS);
  }

  /**
   * A list for notes that are still streaming in (a sync's pages): shown at once when
   * the last one is old enough (see STREAM_MS_PER_NOTE), else once it is, with
   * whatever has arrived by then. `publish()` shows at once and ends the wait.
   * `ids`: the notes that changed (none given: any may have).
   */
  publishSoon(ids?: Iterable<string>): void {
    this.mark(ids);
    if (this.waiting) return;
    const gap = this.index.size * STREAM_MS_PER_NOTE;
    const wait = this.shownAt + gap - performance.now();
    // The list that waits shows the notes marked meanwhile, not a look at every note.
    if (wait > 0) this.waiting = setTimeout(() => this.showNow(), wait);
    else this.showNow();
  }

  /** Shows the list now, with `ids` changed (none given: any note may have). */
  publish(ids?: Iterable<string>): void {
    this.mark(ids);
    this.showNow();
  }

  private showNow(): void {
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.shownAt = performance.now();
    this.refresh();
    this.show(new NoteListView(this.index));
    this.latest = this.index.version;
    if (this.urgent && this.saved === undefined) this.saveWhenIdle(this.latest);
    else this.scheduleSave(SNAPSHOT_AFTER_MS);
  }

  get size(): number {
    return this.index.size;
  }

  /** Every row listed, in no particular order. */
  items(): Iterable<NoteListItem> {
    return this.index.values();
  }

  /** The note's row as listed (the list's index). */
  item(id: string): NoteListItem | undefined {
    return this.index.get(id);
  }

  /** The session's first sync is over: its list is saved at the next idle moment. */
  settled(): void {
    this.urgent = true;
    if (this.latest !== undefined && this.saved === undefined) this.saveWhenIdle(this.latest);
  }

  /**
   * Notes read from the device's cache that the engine does not hold (a reload without a
   * snapshot), listed and shown at once.
   */
  list(notes: readonly Listed[]): void {
    for (const note of notes)
      this.due.set(note.id, this.itemOf(note) ?? this.index.get(note.id) ?? null);
    this.showNow();
  }

  /** `ids` read now (none given: every note held in memory, when shown). */
  private mark(ids: Iterable<string> | undefined): void {
    if (ids === undefined) {
      this.everyHeld = true;
      return;
    }
    for (const id of ids) {
      const note = this.engine.note(id);
      this.due.set(id, note ? (this.itemOf(note) ?? this.index.get(id) ?? null) : null);
    }
  }

  /**
   * Brings the index level with the rows marked, and with every note held in memory
   * when asked, compared field by field (no item is rebuilt for a note whose facts
   * stand). A note not in memory keeps its row: it rests on the device (issue 35).
   */
  private refresh(): void {
    const changed: NoteListItem[] = [];
    const removed: string[] = [];
    for (const [id, item] of this.due) {
      if (item === null) removed.push(id);
      else if (item !== this.index.get(id)) changed.push(item);
    }
    if (this.everyHeld)
      for (const note of this.engine.held()) {
        if (this.due.has(note.id)) continue;
        const item = this.itemOf(note);
        if (item) changed.push(item);
      }
    this.due = new Map();
    this.everyHeld = false;
    this.index.apply(changed, removed);
    this.refreshedAt = Date.now();
  }

  /** The note's list item, or undefined when the one indexed still says the same. */
  private itemOf(note: Listed): NoteListItem | undefined {
    const { title, tags } = note.metadata;
    const shared = (this.memberCounts.get(note.id) ?? 1) > 1;
    const facts = listFacts(note);
    const old = this.index.get(note.id);
    if (
      old &&
      old.title === title &&
      old.role === note.role &&
      old.shared === shared &&
      sameList(old.tags, tags) &&
      old.pinned === facts.pinned &&
      sameList(old.notebook, facts.notebook) &&
      old.trashedAt === facts.trashedAt &&
      old.createdAt === facts.createdAt &&
      old.updatedAt === facts.updatedAt
    )
      return undefined;
    return { id: note.id, title, tags: [...tags], role: note.role, shared, ...facts };
  }

  private scheduleSave(afterMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const input = this.lastInput();
      const typedAgo = performance.now() - input;
      if (input > 0 && typedAgo < SNAPSHOT_AFTER_MS)
        return this.scheduleSave(SNAPSHOT_AFTER_MS - typedAgo);
      if (this.latest !== undefined) this.saveWhenIdle(this.latest);
    }, afterMs);
  }

  private saveWhenIdle(version: number): void {
    clearTimeout(this.timer);
    whenIdle(() => {
      if (this.latest === version) this.store(version); // else a newer list will be saved instead
    });
  }

  /** The newest list, unless it is saved already. */
  private saveNow(): void {
    if (this.latest === undefined) return;
    clearTimeout(this.timer);
    this.store(this.latest);
  }

  private store(version: number): void {
    // Not level yet (a first screen alone among it): a save would claim rows it lacks.
    if (!this.level) return;
    const covers = this.refreshedAt - COVER_MARGIN_MS;
    if (this.saved === version) {
      // The list stored is the one shown: the notes cached since with their rows as it
      // holds them (a first sync's bodies behind a list from metadata pages, the notes a
      // reload read again) are covered now, or every reload would open them all again
      // (at 100,000 notes, seconds of the main thread). Said once the save before it is
      // stored, never of an older snapshot.
      if (covers <= this.storedCovers) return;
      this.storedCovers = covers;
      this.saving = this.saving.then((stored) => stored && this.stored(undefined, covers));
      return;
    }
    this.saved = version;
    this.storedCovers = covers;
    // At once (a hidden tab may not get another task); covers said later wait for it.
    this.saving = this.stored(inSavedOrder(this.index), covers);
  }

  private stored(notes: NoteListItem[] | undefined, covers: number): Promise<boolean> {
    return this.save(notes, covers).then(
      () => true,
      () => false,
    );
  }

  stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.waiting);
    this.waiting = undefined;
    this.stopHidden();
    this.latest = undefined;
  }
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}
