// Where a Notebook's list comes from before its first sync has run (issue 35): the
// sealed snapshot when one was saved (list-snapshot.ts), brought level with the notes
// cached after it was taken (`listChangedSince`); otherwise the cached notes,
// read a slice at a time; with nothing on the device, metadata pages (the SDK's
// listNotesMetadata), so every note is listed long before the bodies have come. The
// full sync then takes each note as it always has, and the rows it did not take go
// when it ends (`dropUntaken`).
import {
  type ApiClient,
  type ListedNote,
  listNotesMetadata,
  type OpenNote,
  type Session,
  type SyncEngine,
} from "@notes/client";
import type { LocalDb } from "./local-db";
import { cachedSince, loadCachedNotesById, openCacheInSlices } from "./note-cache";
import type { NotebookHost } from "./notebook-host";
import type { NotebookList } from "./notebook-list";

export interface FirstListHost {
  api: ApiClient;
  db: LocalDb;
  session: Session;
  engine: SyncEngine;
  list: NotebookList;
  host: Pick<NotebookHost, "set" | "state">;
  memberCounts: Map<string, number>;
  /** Titles and tags from metadata pages, for search until the bodies come. */
  indexTitles(notes: readonly ListedNote[]): void;
  /** A note set aside (the Trash's shelf holds it): not listed. */
  aside(id: string): OpenNote | undefined;
  stopped(): boolean;
}

/** No snapshot saved: the list is read from the cache, a slice at a time. */
export async function listCache(from: FirstListHost): Promise<void> {
  const { db, session, list } = from;
  await openCacheInSlices(db, session, (batch) => {
    if (from.stopped()) return;
    list.filling(listable(from, batch));
  });
  list.filled();
}

/**
 * The snapshot shown, brought level with the cache: the notes cached after the time it
 * covers (a reload before it was saved again: a note just written, trashed or renamed)
 * are read and listed, and once a first sync has completed, rows whose note has left
 * the cache go. No other cached note is read. The sync waits for this (Notebook.syncNow):
 * a page taken meanwhile could be listed and then overwritten by the older copy read here.
 */
export async function listChangedSince(from: FirstListHost): Promise<void> {
  const { db, session, engine, list } = from;
  // What the snapshot shown covers, as read with it (list-snapshot.ts): one that says
  // nothing (its first save cut short) covers nothing, and every cached note is read.
  const ids = await cachedSince(db, list.savedCovers ?? 0);
  const read = ids.length > 0 ? await loadCachedNotesById(db, session, ids) : [];
  const notes = listable(from, read);
  if (notes.length > 0) list.filling(notes);
  list.filled();
  if (engine.synced) await dropUntaken(from);
}

/**
 * Notes read from the cache, as the list takes them: none set aside; each as the engine
 * holds it when it does (the note in the address, opened while the list is read: its
 * row may be older in the snapshot than in the cache, and nothing else lists a note for
 * being opened); its cached member count kept unless the sync has seen a newer one.
 */
function listable(
  from: FirstListHost,
  read: readonly { note: OpenNote; memberCount?: number }[],
): OpenNote[] {
  const notes: OpenNote[] = [];
  for (const { note, memberCount } of read) {
    if (from.aside(note.id)) continue;
    if (memberCount !== undefined && !from.memberCounts.has(note.id))
      from.memberCounts.set(note.id, memberCount);
    notes.push(from.engine.note(note.id) ?? note);
  }
  return notes;
}

/**
 * Metadata first: every note's row from metadata pages (no bodies), newest first, shown
 * as they come, the count said as "Fetching notes…". A failure here only leaves the
 * list to the full sync. Answers whether every page was listed.
 */
export async function listMetadata(from: FirstListHost): Promise<boolean> {
  const { api, session, list, host, memberCounts } = from;
  let listed = 0;
  host.set({ sync: { ...host.state().sync, running: true, applied: 0 } });
  const whole = await listNotesMetadata(
    api,
    session,
    (notes) => {
      if (from.stopped()) return;
      for (const note of notes) memberCounts.set(note.id, note.memberCount);
      list.filling(notes);
      from.indexTitles(notes);
      listed += notes.length;
      host.set({ sync: { ...host.state().sync, applied: listed } });
    },
    { firstPageSize: 40, pageSize: 500, sliceMs: 24, stopped: from.stopped },
  ).then(
    () => !from.stopped(),
    () => false,
  );
  list.filled();
  return whole;
}

/**
 * The first sync is over: rows it did not take (listed from metadata pages, or left in
 * a snapshot saved before it ended) go, so the list shows what this device holds.
 */
export async function dropUntaken(from: FirstListHost): Promise<void> {
  const cached = new Set((await from.db.getAllKeys("notes")) as string[]);
  const stale: string[] = [];
  for (const item of from.list.items())
    if (!cached.has(item.id) && !from.engine.note(item.id)) stale.push(item.id);
  if (stale.length > 0) from.list.publish(false, stale);
}
