// SyncEngine: keeps a local copy of every accessible note in step with GET /v1/changes.
// The first sync pages through everything with snapshots; later ones resume from the
// stored nextSyncToken and fetch a note in full only when its local version cannot
// reach the snapshot the server now holds (a compaction gap) or the note is new here.
// What the server serves is judged first (trust/): a state less than this device saw,
// or one that does not open, changes nothing and is reported; a tombstone removes a
// note only when its owner signed the deletion, else the note is set aside (issue 33).
import { copyMetadata, loadSodium, type NoteMetadata } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { OpenNote } from "../notes/open-state";
import { seenNow } from "../trust/served-state";
import type { Session } from "../vault/session";
import { ChangeApplier } from "./apply-change";
import { askPage, type ChangesPage, dropPage, type PageAhead } from "./page-ahead";
import { SetAsideNotes, type UnconfirmedRemoval } from "./set-aside";
import {
  emptyResult,
  type NoteSummary,
  type SyncEngineOptions,
  type SyncProgress,
  type SyncResult,
} from "./sync-result";

export type { NoteNotOpened, NotOpenedReason } from "./not-opened";
export type { UnconfirmedRemoval } from "./set-aside";
export type { NoteSummary, SyncEngineOptions, SyncProgress, SyncResult } from "./sync-result";

export class SyncEngine {
  private readonly notes = new Map<string, OpenNote>();
  private readonly setAside = new SetAsideNotes();
  private readonly changes: ChangeApplier;
  private syncToken: string | undefined;

  /** `syncToken` resumes from a token a previous run stored (with its notes `track`ed). */
  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    syncToken?: string,
    private readonly options: SyncEngineOptions = {},
  ) {
    this.syncToken = syncToken;
    this.changes = new ChangeApplier(api, session, this.notes, this.setAside);
  }

  /** Whether a full sync has completed (later calls are incremental). */
  get synced(): boolean {
    return this.syncToken !== undefined;
  }

  /** The token the next incremental sync resumes from; store it to resume after a restart. */
  get token(): string | undefined {
    return this.syncToken;
  }

  /**
   * `onProgress` hears, after each page, the count of changes applied so far and the
   * ids that page changed (and may await, e.g. to store them, before the next page).
   */
  async syncOnce(
    onProgress?: (progress: SyncProgress) => void | Promise<void>,
  ): Promise<SyncResult> {
    const sodium = await loadSodium();
    const full = this.syncToken === undefined;
    const result = emptyResult();
    const { sliceMs } = this.options;
    const ask = (pageToken: string | undefined, first: boolean) => {
      const pageSize = (first && full && this.options.firstPageSize) || this.options.pageSize;
      return askPage(this.api, sodium, this.session, {
        ...(pageToken ? { pageToken } : {}),
        ...(full ? { snapshots: "true" as const } : {}),
        ...(full && first && this.options.newestFirst ? { order: "newest" as const } : {}),
        ...(pageSize ? { pageSize } : {}),
      });
    };
    let sliceStart = performance.now();
    let next: PageAhead | undefined = ask(this.syncToken, true);
    try {
      while (next) {
        const { asked, wraps } = next;
        const page: ChangesPage = await next.page;
        // The following page is asked for now (page-ahead.ts), before this one's wraps
        // are awaited: the server reads it meanwhile.
        next = page.nextPageToken ? ask(page.nextPageToken, false) : undefined;
        const release = await wraps;
        const changedBefore = result.changed.length;
        try {
          await this.loadResting(page.changes.map((entry) => entry.id));
          for (const entry of page.changes) {
            await this.changes.apply(sodium, entry, result, asked);
            if (sliceMs !== undefined && performance.now() - sliceStart > sliceMs) {
              await yieldToEventLoop();
              sliceStart = performance.now();
            }
          }
        } finally {
          release();
        }
        await onProgress?.({
          applied: result.changed.length + result.removed.length,
          changed: result.changed.slice(changedBefore),
        });
        if (!next && page.nextSyncToken) this.syncToken = page.nextSyncToken;
      }
      return result;
    } finally {
      dropPage(next);
    }
  }

  /**
   * One note read now (GET /v1/notes/{id}) and judged exactly as a sync takes it
   * (ChangeApplier: what this device saw, roles, signatures, a tombstone), ahead of the
   * sync that would bring it: a note listed from metadata first whose body has not come
   * yet, opened by the person (issue 35). Held from then on when it was taken; what was
   * refused or could not be opened is in the result, as a sync reports it.
   */
  async fetchNote(id: string): Promise<SyncResult> {
    const sodium = await loadSodium();
    const result = emptyResult();
    await this.loadResting([id]);
    const asked = seenNow(this.session, id);
    const state = await this.api.call("notes.get", { id });
    await this.changes.apply(sodium, state, result, asked);
    return result;
  }

  /** Decrypted titles and tags, sorted by title. */
  list(): NoteSummary[] {
    return [...this.notes.values()]
      .map((n) => ({ id: n.id, ...copy(n.metadata), version: n.version }))
      .sort((a, b) => byTitle.compare(a.title, b.title));
  }

  /** Every note held, in no particular order (for callers that sort for themselves). */
  held(): IterableIterator<OpenNote> {
    return this.notes.values();
  }

  /** How many notes are held. */
  get size(): number {
    return this.notes.size;
  }

  note(id: string): OpenNote | undefined {
    return this.notes.get(id);
  }

  /** Registers a note this device created or opened, so later syncs update it in place. */
  track(note: OpenNote): void {
    this.notes.set(note.id, note);
  }

  /** Forgets a note this device deleted. */
  untrack(id: string): void {
    this.notes.delete(id);
  }

  /**
   * Lets a note go from memory while it stays on the device (`options.load` reads it
   * back before a change for it is applied, so it is judged against what was held).
   */
  release(id: string): void {
    this.notes.delete(id);
  }

  /** The page's notes this device holds but not in memory, read back (`options.load`). */
  private async loadResting(ids: readonly string[]): Promise<void> {
    const { load } = this.options;
    const missing = ids.filter((id) => !this.notes.has(id) && !this.setAside.get(id));
    if (!load || missing.length === 0) return;
    for (const note of await load(missing)) if (!this.notes.has(note.id)) this.track(note);
  }

  /** Notes set aside: a tombstone without the owner's signature would have removed them. */
  unconfirmedRemovals(): UnconfirmedRemoval[] {
    return this.setAside.all();
  }

  /** Holds a note set aside before (restored from an app's cache), out of the live notes. */
  keepAside(removal: UnconfirmedRemoval): void {
    this.notes.delete(removal.noteId);
    this.setAside.keep(removal);
  }

  /** Lets go of a note set aside (the person restored it as a new note, or discarded it). */
  releaseAside(id: string): boolean {
    return this.setAside.release(id);
  }
}

/** One collator for every sort: localeCompare builds one per call, slow on 10,000 notes. */
const byTitle = new Intl.Collator();

/** A macrotask boundary without setTimeout's clamping (MessageChannel: browsers, Node). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** The metadata a list shows: its revision is the sync's business, not the reader's. */
function copy(metadata: NoteMetadata): Omit<NoteMetadata, "rev"> {
  const { rev: _, ...shown } = copyMetadata(metadata);
  return shown;
}
