// The list a Notebook shows: the sealed snapshot (list-snapshot.ts), or, with no
// snapshot saved yet, the cached notes read so far; then changed a row at a time as
// notes change (a note resting on the device keeps its row, issue 35), published and
// kept as the next snapshot by list-publisher.ts, sealed and saved in the session's
// background worker (or here, without workers).
import {
  type ListedNote,
  type OpenNote,
  type Session,
  type SyncEngine,
  seenStatesOf,
} from "@notes/client";
import type { SessionBackground } from "./background/session-background";
import { ListPublisher } from "./list-publisher";
import { ListSaver } from "./list-saver";
import type { SavedList } from "./list-snapshot";
import type { LocalDb } from "./local-db";
import { localKey } from "./local-seal";
import type { NoteIndex } from "./note-index";
import type { NotebookHost } from "./notebook-host";
import type { NoteListItem } from "./vault-state";

/** How often a list filling from the cache (no snapshot) is shown again. */
const FILL_EVERY_MS = 500;

export class NotebookList {
  private readonly lister: ListPublisher;
  /** No snapshot to show (none saved yet): the list fills as the cache is read. */
  private fillFromCache = false;
  /** Only the snapshot's first screen is shown: the rest is opened after (showRestOfSaved). */
  private restToOpen = false;
  private listedAt = Number.NEGATIVE_INFINITY;
  /** What the snapshot shown covers, read with it (list-snapshot.ts). */
  private shownCovers: number | undefined;
  /** Notes read from the cache and not listed yet (FILL_EVERY_MS). */
  private readonly pendingFill: (ListedNote | OpenNote)[] = [];
  private stopped = false;

  constructor(
    engine: SyncEngine,
    memberCounts: ReadonlyMap<string, number>,
    db: LocalDb,
    session: Session,
    host: Pick<NotebookHost, "set">,
    background: SessionBackground | undefined,
  ) {
    // Without a worker (tests, servers), the list is saved here, as the worker would.
    const saver = background ? undefined : new ListSaver(db);
    this.lister = new ListPublisher(
      engine,
      memberCounts,
      (list) => host.set({ list }),
      async (notes, covers) => {
        if (notes === undefined) {
          await (background ? background.coverList(covers) : saver?.cover(covers));
          return;
        }
        const unlisted = setAside(session);
        if (background) await background.saveList(notes, covers, unlisted);
        else await saver?.save(await localKey(session, "list"), notes, covers, unlisted);
      },
    );
  }

  /**
   * Shows the sealed snapshot (list-snapshot.ts): its first screen, or all of it; an
   * empty list when none was saved.
   */
  showSaved(saved: SavedList | undefined): void {
    this.fillFromCache = saved === undefined;
    this.restToOpen = saved !== undefined && !saved.complete;
    this.shownCovers = saved?.covers;
    this.lister.showSaved(saved?.index, this.restToOpen);
  }

  /**
   * Up to when (ms) the snapshot shown holds every cached note's row, as stored with it;
   * undefined when it does not say (or none was shown).
   */
  get savedCovers(): number | undefined {
    return this.shownCovers;
  }

  /**
   * After a first screen alone: the rest of the saved list (`open`), added to it. When it
   * does not open, the list is read from the cache instead (`fillsFromCache`).
   */
  async showRestOfSaved(open: () => Promise<NoteIndex | undefined>): Promise<void> {
    if (!this.restToOpen) return;
    this.restToOpen = false;
    const whole = await open().catch(() => undefined);
    if (this.stopped) return;
    if (whole) this.lister.savedRest(whole.values());
    else this.fillFromCache = true;
  }

  /** How many rows are listed. */
  get size(): number {
    return this.lister.size;
  }

  /** Every row, in no particular order. */
  items(): Iterable<NoteListItem> {
    return this.lister.items();
  }

  /** The note's row as listed. */
  item(id: string): NoteListItem | undefined {
    return this.lister.item(id);
  }

  /** The note as its row says (its role and title): for a note resting on the device. */
  row(id: string): { role: OpenNote["role"]; metadata: { title: string } } | undefined {
    const item = this.lister.item(id);
    return item && { role: item.role, metadata: { title: item.title } };
  }

  /** No snapshot was saved: the list must be read from the cache (`filling`). */
  get fillsFromCache(): boolean {
    return this.fillFromCache;
  }

  /**
   * A slice of the cache, or a metadata page, was read: its notes are listed, the first
   * of them at once, then at most every FILL_EVERY_MS.
   */
  filling(notes: readonly ListedNote[] | readonly OpenNote[]): void {
    if (notes.length === 0) return;
    this.pendingFill.push(...notes);
    // The first rows show at once (the newest notes); later ones every FILL_EVERY_MS.
    if (this.lister.size > 0 && performance.now() - this.listedAt < FILL_EVERY_MS) return;
    this.listedAt = performance.now();
    this.lister.list(this.pendingFill.splice(0));
  }

  /** The whole cache was read: what waits is listed. */
  filled(): void {
    if (this.pendingFill.length > 0) this.lister.list(this.pendingFill.splice(0));
    this.lister.wholeListed();
  }

  /**
   * `streaming`: more pages follow (the list may wait its turn, list-publisher.ts).
   * `ids`: the notes that changed (none given: any may have).
   */
  publish(streaming = false, ids?: Iterable<string>): void {
    if (this.stopped) return;
    if (streaming) this.lister.publishSoon(ids);
    else this.lister.publish(ids);
  }

  /** The session's first sync is over: its list is the one a reload needs. */
  settled(): void {
    this.lister.settled();
  }

  stop(): void {
    this.stopped = true;
    this.lister.stop();
  }
}

/** The notes this device set aside (the seen states say they left): cached, not listed. */
function setAside(session: Session): string[] {
  return seenStatesOf(session)
    .all()
    .flatMap((state) => (state.left ? [state.noteId] : []));
}
