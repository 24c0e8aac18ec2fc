// The list a Notebook shows: the sealed snapshot (list-snapshot.ts) until every cached
// note is open, or, with no snapshot saved yet, the notes opened so far; then the
// notes as they are, published and kept as the next snapshot by list-publisher.ts,
// sealed and saved in the session's background worker (or here, without workers).
import type { Session, SyncEngine } from "@notes/client";
import type { SessionBackground } from "./background/session-background";
import { ListPublisher } from "./list-publisher";
import { loadListSnapshot, saveListSnapshot } from "./list-snapshot";
import type { LocalDb } from "./local-db";
import type { NotebookHost } from "./notebook-host";
import type { NoteListItem } from "./vault-state";

/** How often a list filling from the cache (no snapshot) is shown again. */
const FILL_EVERY_MS = 500;

export class NotebookList {
  private readonly lister: ListPublisher;
  /** Until every cached note is open, the list shown is the sealed snapshot. */
  private cacheOpen = false;
  /** No snapshot to show (none saved yet): the list fills as the cache opens. */
  private fillFromCache = false;
  private listedAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    engine: SyncEngine,
    memberCounts: ReadonlyMap<string, number>,
    private readonly db: LocalDb,
    private readonly session: Session,
    host: Pick<NotebookHost, "set">,
    background: SessionBackground | undefined,
  ) {
    this.lister = new ListPublisher(
      engine,
      memberCounts,
      (notes) => host.set({ notes }),
      (notes) => (background ? background.saveList(notes) : saveListSnapshot(db, session, notes)),
    );
  }

  /** The sealed snapshot a reload shows at once, when one was saved. */
  async snapshot(): Promise<NoteListItem[] | undefined> {
    const snapshot = await loadListSnapshot(this.db, this.session);
    this.fillFromCache = snapshot === undefined;
    return snapshot;
  }

  /**
   * A slice of the cache was opened. Without a snapshot, what is open so far is
   * listed: the first slice at once, then at most every FILL_EVERY_MS (each listing
   * rebuilds the whole list).
   */
  filling(): void {
    if (!this.fillFromCache || performance.now() - this.listedAt < FILL_EVERY_MS) return;
    this.listedAt = performance.now();
    this.lister.publish();
  }

  /** Every cached note is open: from now on the list shows the notes themselves. */
  cacheOpened(): void {
    this.cacheOpen = true;
    this.publish();
  }

  get isCacheOpen(): boolean {
    return this.cacheOpen;
  }

  /** `streaming`: more pages follow (the list may wait its turn, list-publisher.ts). */
  publish(streaming = false): void {
    // Until the cache is open, the sealed snapshot stands for the list.
    if (this.stopped || !this.cacheOpen) return;
    if (streaming) this.lister.publishSoon();
    else this.lister.publish();
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
