// Which of a Notebook's notes are in memory (issue 35). Notes shown, edited, shared or
// in a live room (`kept`) stay there, their documents open, as an editor may hold them.
// Every other note rests on the device: once a sync page has cached it, it is let go
// (`letGo`), and it is read back from the cache when a change for it arrives (the sync
// engine's `load`), or when it is shown or edited (`hold`), indexed or exported
// (`eachNote`). A reload opens none of them to show the list or to sync.
import {
  type OpenNote,
  type Session,
  type SyncEngine,
  seenStatesOf,
  yieldToEventLoop,
} from "@notes/client";
import type { LocalDb } from "./local-db";
import { loadCachedNote, loadCachedNotesById } from "./note-cache";
import type { NoteWriter } from "./note-writer";

/** Resting notes read from the cache at once (indexing, export, backlinks). */
export const RESTING_BATCH = 200;

export interface RestingHost {
  engine: SyncEngine;
  db: LocalDb;
  session: Session;
  writer: NoteWriter;
  /** Members per note, owner included, as the server last said. */
  memberCounts: Map<string, number>;
  /** A note set aside (the Trash's shelf holds it): never taken back as a live note. */
  aside(id: string): OpenNote | undefined;
  stopped(): boolean;
}

export class RestingNotes {
  /** Notes asked for by id (shown, edited, shared, in a live room): never let go. */
  readonly kept = new Set<string>();
  /**
   * Notes that left this device (deleted here, or a tombstone taken): never read back
   * from the cache, where their copy may linger a moment before it is deleted.
   */
  readonly gone = new Set<string>();
  /** A resting note's document opened again: its edits are watched from then on. */
  readonly woken = (note: OpenNote) => this.host.writer.watch(note);

  constructor(private readonly host: RestingHost) {}

  /**
   * The engine's `load`: the notes among `ids` that rest on the device, read from the
   * cache (a change for each has arrived). Set-aside notes stay out.
   */
  async load(ids: string[]): Promise<OpenNote[]> {
    const { db, session, engine, memberCounts, writer } = this.host;
    const read = await loadCachedNotesById(db, session, ids, this.woken);
    const out: OpenNote[] = [];
    for (const { note, memberCount } of read) {
      if (engine.note(note.id) || this.host.aside(note.id)) continue;
      // The page's own count, seen as it arrived, is newer than the cached one.
      if (memberCount !== undefined && !memberCounts.has(note.id))
        memberCounts.set(note.id, memberCount);
      writer.watch(note);
      out.push(note);
    }
    return out;
  }

  /**
   * Notes just cached, let go from memory unless kept, awaiting a reseal, or holding
   * edits not yet sealed: they rest on the device.
   */
  letGo(notes: readonly OpenNote[]): void {
    const { engine, writer } = this.host;
    for (const note of notes) {
      if (this.kept.has(note.id) || note.resealDue || !writer.release(note.id)) continue;
      if (engine.note(note.id) === note) engine.release(note.id);
    }
  }

  /**
   * The note in memory, read from the cache when it rests there (undefined: not here, or
   * it left: a pane still showing it must not bring it back).
   */
  async hold(id: string): Promise<OpenNote | undefined> {
    const open = this.host.engine.note(id);
    if (open || this.host.aside(id) || this.left(id)) return open;
    const { db, session } = this.host;
    const cached = await loadCachedNote(db, session, id, this.woken);
    return cached && !this.left(id) ? this.adopt(cached.note, cached.memberCount) : undefined;
  }

  /** Forgotten here, or its departure recorded (a sync took its tombstone). */
  private left(id: string): boolean {
    return this.gone.has(id) || seenStatesOf(this.host.session).get(id)?.left !== undefined;
  }

  /** Tracks a note read from the cache, unless it is in memory already. */
  adopt(note: OpenNote, memberCount: number | undefined): OpenNote {
    const { engine, memberCounts, writer } = this.host;
    const open = engine.note(note.id);
    if (open) return open;
    if (memberCount !== undefined) memberCounts.set(note.id, memberCount);
    engine.track(note);
    writer.watch(note);
    return note;
  }

  /**
   * Every live note on this device, a batch at a time: those in memory, then those
   * resting in the cache, read and let go batch by batch (`take` may await).
   */
  async eachNote(take: (notes: OpenNote[]) => void | Promise<void>): Promise<void> {
    const { engine, db } = this.host;
    const held = [...engine.held()];
    await take(held);
    const inMemory = new Set(held.map((note) => note.id));
    const ids = ((await db.getAllKeys("notes")) as string[]).filter(
      (id) => !inMemory.has(id) && !this.host.aside(id),
    );
    await this.eachCached(ids, (notes) => take(notes.map((note) => engine.note(note.id) ?? note)));
  }

  /** The cached notes of `ids` (set-aside ones left out), read a batch at a time. */
  async eachCached(
    ids: readonly string[],
    take: (notes: OpenNote[]) => void | Promise<void>,
  ): Promise<void> {
    const { db, session } = this.host;
    for (let from = 0; from < ids.length && !this.host.stopped(); from += RESTING_BATCH) {
      const read = await loadCachedNotesById(db, session, ids.slice(from, from + RESTING_BATCH));
      await take(read.flatMap(({ note }) => (this.host.aside(note.id) ? [] : [note])));
      await yieldToEventLoop();
    }
  }
}
