// SyncEngine: keeps a local copy of every accessible note in step with GET /v1/changes.
// The first sync pages through everything with snapshots; later ones resume from the
// stored nextSyncToken and fetch a note in full only when its local version cannot
// reach the snapshot the server now holds (a compaction gap) or the note is new here.
import {
  copyMetadata,
  DecryptionFailed,
  loadSodium,
  type NoteMetadata,
  type Sodium,
} from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import type { NoteState } from "../api/types";
import { ServedStateRefused } from "../errors";
import { formerKeys, keysOf } from "../notes/note-keys";
import { applyUpdatesAbove, type OpenNote, openState, REMOTE_ORIGIN } from "../notes/open-state";
import { prepareToRead } from "../notes/prepare-read";
import {
  checkCompactionCovers,
  checkServedState,
  forgetServedState,
  heldClocksOf,
  raiseClocks,
  recordServedState,
  type SeenAtRequest,
  seenNow,
} from "../trust/served-state";
import type { Session } from "../vault/session";

export interface NoteSummary {
  id: string;
  title: string;
  tags: string[];
  version: number;
}

export interface SyncResult {
  /** Ids whose content or metadata changed locally in this sync. */
  changed: string[];
  /** Ids removed (deleted or access revoked). */
  removed: string[];
  /**
   * Ids left out because no content key held here opens them yet: after a rotation the
   * owner had not re-sealed the snapshot. The owner's compaction is a change, so a
   * later sync retries them.
   */
  unreadable: string[];
  /**
   * Notes whose served state contradicted what this device saw (issue 21): an older
   * one (RollbackDetected) or a compaction missing others' edits (CompactionIncomplete).
   * Nothing of them was applied; the note stays as held. Show these to the person.
   */
  refused: ServedStateRefused[];
}

export interface SyncEngineOptions {
  /** Notes per /v1/changes page (the server takes at most 500; 100 when absent). */
  pageSize?: number;
  /** A smaller first page of a full sync, so a list can show while the rest comes. */
  firstPageSize?: number;
  /**
   * In a UI thread: the engine hands control back to the event loop once it has worked
   * this long (ms) without a pause, so a full sync of thousands of notes never blocks
   * input for long. Absent: no pauses.
   */
  sliceMs?: number;
  /**
   * A full sync asks for the most recently changed notes first (`order=newest`), so a
   * person sees what they wrote last while the rest arrives. Later syncs are deltas
   * either way.
   */
  newestFirst?: boolean;
}

export interface SyncProgress {
  /** Changes applied so far in this run. */
  applied: number;
  /** Ids whose content or metadata changed on the page just applied. */
  changed: string[];
}

export class SyncEngine {
  private readonly notes = new Map<string, OpenNote>();
  private syncToken: string | undefined;

  /** `syncToken` resumes from a token a previous run stored (with its notes `track`ed). */
  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    syncToken?: string,
    private readonly options: SyncEngineOptions = {},
  ) {
    this.syncToken = syncToken;
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
    const result: SyncResult = { changed: [], removed: [], unreadable: [], refused: [] };
    const { sliceMs } = this.options;
    const ask = (pageToken: string | undefined, first: boolean) => {
      const pageSize = (first && full && this.options.firstPageSize) || this.options.pageSize;
      const asked = seenNow(this.session);
      const page = this.api.call("notes.changes", {
        ...(pageToken ? { pageToken } : {}),
        ...(full ? { snapshots: "true" as const } : {}),
        ...(full && first && this.options.newestFirst ? { order: "newest" as const } : {}),
        ...(pageSize ? { pageSize } : {}),
      });
      // Awaited below; until then a refusal must not count as unhandled.
      page.catch(() => undefined);
      return { asked, page };
    };
    let sliceStart = performance.now();
    let next = ask(this.syncToken, true);
    for (;;) {
      const { asked } = next;
      const page = await next.page;
      // The following page is asked for now, so the server reads it while this one is
      // opened here: a long sync takes the longer of the two, not their sum.
      const following = page.nextPageToken ? ask(page.nextPageToken, false) : undefined;
      const changedBefore = result.changed.length;
      for (const entry of page.changes) {
        await this.apply(sodium, entry, result, asked);
        if (sliceMs !== undefined && performance.now() - sliceStart > sliceMs) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
      await onProgress?.({
        applied: result.changed.length + result.removed.length,
        changed: result.changed.slice(changedBefore),
      });
      if (following) {
        next = following;
        continue;
      }
      if (page.nextSyncToken) this.syncToken = page.nextSyncToken;
      return result;
    }
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

  private async apply(
    sodium: Sodium,
    entry: NoteState,
    result: SyncResult,
    asked: SeenAtRequest,
  ): Promise<void> {
    if (entry.deleted || entry.role === "revoked") {
      forgetServedState(this.session, entry.id);
      if (this.notes.delete(entry.id)) result.removed.push(entry.id);
      return;
    }
    const local = this.notes.get(entry.id);
    await prepareToRead(this.api, this.session, entry, local);
    try {
      checkServedState(sodium, this.session, entry, asked);
      if (local && local.version >= entry.snapshotVersion) {
        applyUpdatesAbove(sodium, local, entry, this.session);
        recordServedState(sodium, this.session, entry);
      } else if (entry.snapshot) {
        this.replace(local, openState(sodium, this.session, entry));
        recordServedState(sodium, this.session, entry);
      } else {
        // Deleted or left since this page was read: the read is 404 (contract.md §11),
        // and the tombstone follows on a later page.
        const askedGet = seenNow(this.session, entry.id);
        const state = await this.api.call("notes.get", { id: entry.id }).catch((error: unknown) => {
          if (isProblem(error, "note-not-found")) return undefined;
          throw error;
        });
        if (!state || state.deleted) {
          forgetServedState(this.session, entry.id);
          if (this.notes.delete(entry.id)) result.removed.push(entry.id);
          return;
        }
        checkServedState(sodium, this.session, state, askedGet);
        await prepareToRead(this.api, this.session, state, local);
        this.replace(local, openState(sodium, this.session, state));
        recordServedState(sodium, this.session, state);
      }
    } catch (error) {
      if (error instanceof ServedStateRefused) {
        result.refused.push(error);
        return;
      }
      if (!(error instanceof DecryptionFailed)) throw error;
      result.unreadable.push(entry.id);
      return;
    } finally {
      const held = this.notes.get(entry.id);
      if (held?.warnings) {
        result.refused.push(...held.warnings);
        held.warnings = undefined;
      }
    }
    result.changed.push(entry.id);
  }

  /**
   * Keeps an existing Y.Doc object (editors may hold it) by merging the fresh state in,
   * once it reaches every writer's edits the local one held (else CompactionIncomplete).
   */
  private replace(local: OpenNote | undefined, fresh: OpenNote): void {
    if (!local) {
      this.notes.set(fresh.id, fresh);
      return;
    }
    checkCompactionCovers(
      local.id,
      local.heldClocks,
      fresh.heldClocks ?? new Map(),
      fresh.snapshotVersion,
    );
    // Yjs states merge idempotently; the remote origin keeps editors from re-sending.
    Y.applyUpdate(local.doc, Y.encodeStateAsUpdate(fresh.doc), REMOTE_ORIGIN);
    // Keys held before stay held: content sealed under them may still be on the server.
    local.formerCeks = formerKeys(fresh.cek, [...keysOf(fresh), ...keysOf(local)]);
    local.cek = fresh.cek;
    local.wrappedCek = fresh.wrappedCek;
    local.resealDue = fresh.resealDue;
    local.unreadableFrom = fresh.unreadableFrom;
    local.version = fresh.version;
    local.snapshotVersion = fresh.snapshotVersion;
    local.metadata = fresh.metadata;
    local.role = fresh.role;
    local.updatedAt = fresh.updatedAt;
    local.authorship = fresh.authorship;
    local.warnings = [...(local.warnings ?? []), ...(fresh.warnings ?? [])];
    raiseClocks(heldClocksOf(local), fresh.heldClocks ?? []);
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

function copy(metadata: NoteMetadata): NoteMetadata {
  return copyMetadata(metadata);
}
