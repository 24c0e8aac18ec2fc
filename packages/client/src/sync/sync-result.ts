// What a SyncEngine run reports, and how it is tuned (sync-engine.ts).
import type { ServedStateRefused } from "../errors";
import type { OpenNote } from "../notes/open-state";
import type { NoteNotOpened } from "./not-opened";
import type { UnconfirmedRemoval } from "./set-aside";

export interface NoteSummary {
  id: string;
  title: string;
  tags: string[];
  version: number;
}

export interface SyncResult {
  /** Ids whose content or metadata changed locally in this sync. */
  changed: string[];
  /** Ids removed: deleted, with the deletion signed by the note's owner. */
  removed: string[];
  /**
   * Notes a tombstone would have removed without their owner's signature (a removal, a
   * leave, an unsigned or forged deletion): their content stays here, set aside
   * (`unconfirmedRemovals()`). Show them to the person, with a way to keep the text.
   */
  unconfirmed: UnconfirmedRemoval[];
  /**
   * Ids left out because no content key held here opens them yet: after a rotation the
   * owner had not re-sealed the snapshot. The owner's compaction is a change, so a
   * later sync retries them. (Each is in `notOpened` too, reason "content".)
   */
  unreadable: string[];
  /**
   * Every note this sync could not open, with why (issue 33, item 13). A note this
   * device held stays as held; nothing of the answer was applied. Show these.
   */
  notOpened: NoteNotOpened[];
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
  /**
   * Notes this device holds but does not keep in memory (an app's cache read on demand,
   * `release`d): given the ids on a page that are not in memory, answers those it holds,
   * opened as held. Each is read before its change is applied, so every check (seen
   * state, held clocks, keys, roles) judges the answer against what the device held.
   */
  load?: (ids: string[]) => Promise<OpenNote[]>;
}

export interface SyncProgress {
  /** Changes applied so far in this run. */
  applied: number;
  /** Ids whose content or metadata changed on the page just applied. */
  changed: string[];
}

/** An empty result, filled as a run goes. */
export function emptyResult(): SyncResult {
  return { changed: [], removed: [], unconfirmed: [], unreadable: [], notOpened: [], refused: [] };
}
