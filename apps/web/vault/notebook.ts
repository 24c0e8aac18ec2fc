// One signed-in session's notes: the sync engine over the local cache, the writer
// that seals edits into the outbox, the outbox flush, what triggers a sync (the
// change feed, a slow poll) and the notes' sharing and live rooms. The Vault owns
// one Notebook per session and hears about state through `host`.
import {
  type ApiClient,
  CompactionIncomplete,
  healUpdate,
  isProblem,
  type OpenNote,
  prepareNote,
  type RosterChange,
  type Session,
  SyncEngine,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import type { Awareness } from "y-protocols/awareness";
import { AwarenessStore } from "./awareness-store";
import { CoalescedRun } from "./coalesced-run";
import { recordJourney } from "./journey";
import { ListPublisher } from "./list-publisher";
import { loadListSnapshot, saveListSnapshot } from "./list-snapshot";
import { LiveNote } from "./live-note";
import type { LocalDb } from "./local-db";
import { cacheNotes, loadCachedNote, openCacheInSlices } from "./note-cache";
import { type NoteDeparture, NoteDepartures } from "./note-departures";
import { NoteSharing } from "./note-sharing";
import { observeNoteStates } from "./note-states";
import { NoteWriter, type SealedEdit } from "./note-writer";
import { type NotebookHost, reportBackgroundError } from "./notebook-host";
import { compactAfterAppend, enqueue, flushOutbox, pendingCount, resealNote } from "./outbox";
import { NoteSearch, type SearchResults, startSearchWorker } from "./search/note-search";
import { SyncTriggers } from "./sync-triggers";

/** How often a list filling from the cache (no snapshot) is shown again. */
const FILL_EVERY_MS = 500;

export class Notebook {
  private readonly writer = new NoteWriter(
    (edits, touched) => this.storeEdits(edits, touched),
    (unsaved) => {
      if (unsaved !== this.host.state().unsaved) this.host.set({ unsaved });
    },
  );
  /** Members per note, owner included, as the server last said. */
  private readonly memberCounts = new Map<string, number>();
  private readonly presence = new AwarenessStore();
  /** Why notes left this device (removed from them, or deleted), for their pane. */
  private readonly departures = new NoteDepartures(
    (id) => this.departureReason(id),
    () => this.publish(),
  );
  private readonly engine: SyncEngine;
  private readonly triggers: SyncTriggers;
  readonly sharing: NoteSharing;
  private readonly syncing = new CoalescedRun(() => this.runSync());
  private flushing: Promise<void> | undefined;
  private stopped = false;
  /** Until every cached note is open, the list shown is the sealed snapshot. */
  private cacheOpen = false;
  /** No snapshot to show (none saved yet): the list fills as the cache opens. */
  private fillFromCache = false;
  private readonly lister: ListPublisher;
  /** Full-text search in a worker; absent where there are no workers (tests). */
  private readonly search: NoteSearch | undefined;

  private constructor(
    private readonly api: ApiClient,
    private readonly db: LocalDb,
    private readonly session: Session,
    token: string | undefined,
    private readonly host: NotebookHost,
  ) {
    // The engine's reads pass by here, so member counts are seen as they arrive.
    const observed = observeNoteStates(api, (state) => {
      if (state.deleted || state.role === "revoked") this.memberCounts.delete(state.id);
      else this.memberCounts.set(state.id, state.memberCount);
      // Seen before the engine applies (and forgets) it: the note is still here.
      this.departures.observe(state, this.engine.note(state.id));
    });
    // Pages of 500 (the most the server gives; a first one of 40, a screenful on the
    // tallest list, shows the list sooner), worked in slices that leave input and
    // painting room between them.
    // Newest first: the note written last is on the first page, not the last one.
    const paging = { firstPageSize: 40, pageSize: 500, sliceMs: 24, newestFirst: true };
    this.engine = new SyncEngine(observed, session, token, paging);
    const worker = startSearchWorker();
    this.search = worker && new NoteSearch(worker, db, session);
    const search = this.search;
    this.lister = new ListPublisher(
      this.engine,
      this.memberCounts,
      (notes) => host.set({ notes }),
      (notes) => (search ? search.saveList(notes) : saveListSnapshot(db, session, notes)),
    );
    this.triggers = new SyncTriggers(api, {
      sync: () => void this.syncNow(),
      online: (online) => host.set({ online }),
      feed: (feed) => host.set({ feed }),
      account: () => host.accountChanged(),
      bridge: (message) => host.bridge(message),
      ended: () => void host.sessionEnded(),
    });
    this.sharing = new NoteSharing(api, session, {
      note: (id) => this.note(id),
      settle: () => this.flushAll(),
      changed: (note, change) => this.rosterChanged(note, change),
      rosterSeen: (id, members) => this.departures.rosterSeen(id, members),
      left: () => this.syncNow(),
    });
  }

  /** Shows the sealed list snapshot, then opens the cache in slices, then syncs. */
  static async open(api: ApiClient, db: LocalDb, session: Session, host: NotebookHost) {
    const token = await db.get("meta", "syncToken");
    const notebook = new Notebook(api, db, session, token, host);
    const snapshot = await loadListSnapshot(db, session);
    notebook.fillFromCache = snapshot === undefined;
    host.set({
      notes: snapshot ?? [],
      pending: await pendingCount(db),
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    void notebook.openCache();
    return notebook;
  }

  private async openCache(): Promise<void> {
    // Without a snapshot, what is open so far is listed: the first slice at once, then
    // at most every FILL_EVERY_MS (each listing rebuilds the whole list).
    let listedAt = Number.NEGATIVE_INFINITY;
    await openCacheInSlices(this.db, this.session, (batch) => {
      if (this.stopped) return;
      for (const { note, memberCount } of batch) this.adopt(note, memberCount);
      if (this.fillFromCache && performance.now() - listedAt >= FILL_EVERY_MS) {
        listedAt = performance.now();
        this.lister.publish();
      }
    });
    if (this.stopped) return;
    this.cacheOpen = true;
    this.publish();
    this.triggers.start();
    void this.search?.index(this.all());
  }

  /** Tracks a note opened from the cache, unless it is already open. */
  private adopt(note: OpenNote, memberCount: number | undefined): OpenNote {
    const open = this.engine.note(note.id);
    if (open) return open;
    if (memberCount !== undefined) this.memberCounts.set(note.id, memberCount);
    this.engine.track(note);
    this.writer.watch(note);
    return note;
  }

  note(id: string): OpenNote | undefined {
    return this.engine.note(id);
  }

  /** Why a note that was here has gone (sync said so), if it has. */
  /** A room ticket answers a deleted note's former members 410, a removed one 404. */
  private async departureReason(id: string): Promise<"deleted" | "unshared" | undefined> {
    try {
      await this.api.call("notes.roomTicket", { id });
      return undefined;
    } catch (error) {
      if (isProblem(error, "note-deleted")) return "deleted";
      if (isProblem(error, "note-not-found")) return "unshared";
      return undefined;
    }
  }

  departure(id: string): NoteDeparture | undefined {
    return this.departures.get(id);
  }

  /** The note, opened from the cache first when the rest are still being opened. */
  async openNote(id: string): Promise<OpenNote | undefined> {
    const open = this.engine.note(id);
    if (open || this.cacheOpen) return open;
    const cached = await loadCachedNote(this.db, this.session, id);
    return cached && this.adopt(cached.note, cached.memberCount);
  }

  /** Full-text search over titles, tags and text (none without a worker). */
  find(text: string): Promise<SearchResults> {
    return this.search?.query(text) ?? Promise.resolve({ hits: [], tookMs: 0 });
  }

  /** Every note, for export. */
  all(): OpenNote[] {
    return this.engine.list().flatMap((s) => this.engine.note(s.id) ?? []);
  }

  /** The note's presence (cursors) for its editor and live room. */
  awareness(id: string): Awareness | undefined {
    const note = this.note(id);
    return note && this.presence.of(id, note.doc);
  }

  /** Joins the note's live room (shared notes, while open); leave() when done. */
  joinRoom(id: string, awareness: Awareness): LiveNote | undefined {
    const note = this.note(id);
    if (!note) return undefined;
    return LiveNote.join(
      this.api,
      this.session,
      note,
      awareness,
      () => void this.syncNow(),
      (update) => this.writer.adopt(note, update),
    );
  }

  async create(metadata: NoteMetadata): Promise<string> {
    const { note, body } = await prepareNote(this.session, metadata);
    const { id } = note;
    this.engine.track(note);
    this.writer.watch(note);
    await enqueue(this.db, { kind: "create", noteId: id, body });
    await cacheNotes(this.db, this.session, [note]);
    this.publish();
    void this.search?.index([note]);
    void this.flush();
    return id;
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    const note = this.note(id);
    if (!note) return;
    this.writer.setMetadata(note, metadata);
    if (metadata.tags.length > 0) recordJourney(this.api, "organise", "complete");
    this.publish();
  }

  async remove(id: string): Promise<void> {
    this.engine.untrack(id);
    await this.forgetNote(id);
    await enqueue(this.db, { kind: "delete", noteId: id });
    this.publish();
    void this.flush();
  }

  /** Seals what was typed and sends what the network takes (before sign-out, unload). */
  async flushAll(): Promise<void> {
    await this.writer.flush();
    await this.flush();
  }

  /** Seals typed edits into the outbox now (page hide). */
  saveTyped(): Promise<void> {
    return this.writer.flush();
  }

  /** Sends queued edits, then pulls changes; one run at a time, none lost. */
  syncNow(): Promise<void> {
    return this.syncing.request();
  }

  stop(): void {
    this.stopped = true;
    this.lister.stop();
    this.search?.close();
    this.triggers.stop();
    this.presence.clear();
  }

  private async runSync(): Promise<void> {
    const { engine, host } = this;
    await this.flush();
    const first = !engine.synced;
    host.set({ sync: { ...host.state().sync, running: true, applied: 0 } });
    try {
      // Each page is shown and cached as it arrives: the list fills progressively.
      const running = engine.syncOnce(async ({ applied, changed: ids }) => {
        this.writer.reapplyPending();
        const changed = ids.flatMap((id) => engine.note(id) ?? []);
        for (const note of changed) this.writer.watch(note);
        host.set({ sync: { ...host.state().sync, applied } });
        this.publish(true);
        void this.search?.index(changed);
        await cacheNotes(this.db, this.session, changed, this.memberCounts);
      });
      // Counted once the first page is asked for (a task later), not in front of it.
      if (first) setTimeout(() => recordJourney(this.api, "sync", "start"), 0);
      const result = await running;
      this.writer.reapplyPending();
      const changed = result.changed.flatMap((id) => engine.note(id) ?? []);
      for (const note of changed)
        if (note.resealDue)
          void resealNote(this.api, this.db, this.session, note, this.memberCounts);
      for (const id of result.removed) await this.forgetNote(id);
      // A tidy-up that dropped what this browser holds: it puts the dropped part back.
      for (const refused of result.refused) {
        const note = refused instanceof CompactionIncomplete && engine.note(refused.noteId);
        if (note && note.role !== "viewer") this.writer.adopt(note, healUpdate(note, refused));
      }
      // A served copy that contradicts what this browser saw (issue 21): said plainly.
      const refused = result.refused[0];
      if (refused) host.set({ problem: { slug: refused.name, title: refused.message } });
      if (engine.token) await this.db.put("meta", engine.token, "syncToken");
      if (first) recordJourney(this.api, "sync", "complete");
      host.set({ online: true, sync: { running: false, applied: 0, firstDone: true } });
      // Pages already published what they changed; a run that changed nothing (most
      // runs: the echo of one's own edit) does not rebuild a 10,000-row list.
      if (first || result.removed.length > 0) this.publish();
      if (first) this.lister.settled();
    } catch (error) {
      host.set({ sync: { ...host.state().sync, running: false } });
      await reportBackgroundError(this.host, error);
    }
  }

  private flush(): Promise<void> {
    this.flushing ??= this.runFlush().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async runFlush(): Promise<void> {
    const outcome = await flushOutbox(this.db, this.api, {
      appended: (op, at) =>
        compactAfterAppend(this.api, this.session, this.note(op.noteId), op, at),
    });
    const pending = await pendingCount(this.db);
    if (outcome.state === "waiting")
      this.host.set({ online: navigator.onLine && !outcome.offline, pending });
    else this.host.set({ online: true, pending });
    if (outcome.state === "refused") await reportBackgroundError(this.host, outcome.problem);
  }

  private async storeEdits(edits: SealedEdit[], touched: OpenNote[]): Promise<void> {
    const now = new Date().toISOString();
    for (const edit of edits) {
      const { note, updateCount, body, clocks } = edit;
      if (updateCount > 0) note.updatedAt = now;
      await enqueue(this.db, { kind: "append", noteId: note.id, updateCount, body, clocks });
    }
    // A note that left meanwhile (removed from it) is not cached again.
    const notes = [...edits.map((e) => e.note), ...touched].filter((n) => this.note(n.id));
    await cacheNotes(this.db, this.session, notes, this.memberCounts);
    void this.search?.index(notes);
    if (edits.length === 0) return;
    this.host.set({ pending: await pendingCount(this.db) });
    void this.flush();
  }

  /** Deleted, or this account was removed from it: its copy and keys go (docs/sharing.md). */
  private async forgetNote(id: string): Promise<void> {
    this.writer.drop(id);
    this.memberCounts.delete(id);
    this.presence.forget(id);
    this.session.keyring?.forget(id);
    void this.search?.remove([id]);
    await this.db.delete("notes", id);
  }

  private async rosterChanged(note: OpenNote, change: RosterChange): Promise<void> {
    this.memberCounts.set(note.id, change.members.length);
    // After a rotation the cached copy must be sealed under the new key.
    await cacheNotes(this.db, this.session, [note], this.memberCounts);
    this.publish();
  }

  /** `streaming`: more pages follow (the list may wait its turn, list-publisher.ts). */
  private publish(streaming = false): void {
    // Until the cache is open, the sealed snapshot stands for the list.
    if (this.stopped || !this.cacheOpen) return;
    if (streaming) this.lister.publishSoon();
    else this.lister.publish();
  }
}
