// One signed-in session's notes: the sync engine over the local cache opened in
// slices, the writer that seals edits into the outbox, sync and flush
// (notebook-sync.ts), what triggers a sync (the change feed, a slow poll), the list
// shown (notebook-list.ts), search, sharing and live rooms (note-rooms.ts), notes set
// aside or not opened (set-aside-shelf.ts, note-warnings.ts). The Vault's session
// keeper owns one Notebook per session; it hears through `host`.
import {
  type ApiClient,
  type OpenNote,
  prepareNote,
  type RosterChange,
  type Session,
  SyncEngine,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import type { Awareness } from "y-protocols/awareness";
import { SessionBackground } from "./background/session-background";
import { recordJourney } from "./journey";
import type { LiveNote } from "./live-note";
import type { LocalDb } from "./local-db";
import { cacheNotes, loadCachedNote, openCacheInSlices } from "./note-cache";
import { type NoteDeparture, NoteDepartures, roomTicketProbe } from "./note-departures";
import { NoteRooms } from "./note-rooms";
import { NoteSharing } from "./note-sharing";
import { observeNoteStates } from "./note-states";
import { NoteWriter } from "./note-writer";
import type { NotebookHost } from "./notebook-host";
import { NotebookList } from "./notebook-list";
import { NotebookSync } from "./notebook-sync";
import { atSeenRevision, leaving, ownerSeen } from "./notebook-trust";
import { enqueue, pendingCount } from "./outbox";
import { NoteSearch, type SearchResults } from "./search/note-search";
import { SetAsideShelf } from "./set-aside-shelf";
import { sendDeletion } from "./signed-delete";
import { SyncTriggers } from "./sync-triggers";

export class Notebook {
  private readonly writer = new NoteWriter(
    (edits, touched) => this.sync.storeEdits(edits, touched),
    (unsaved) => {
      if (unsaved !== this.host.state().unsaved) this.host.set({ unsaved });
    },
  );
  /** Members per note, owner included, as the server last said. */
  private readonly memberCounts = new Map<string, number>();
  /** Why notes left this device (removed from them, or deleted), for their pane. */
  private readonly departures: NoteDepartures;
  /** Notes a tombstone would have removed without their owner's signature. */
  readonly shelf: SetAsideShelf;
  private readonly engine: SyncEngine;
  private readonly sync: NotebookSync;
  private readonly triggers: SyncTriggers;
  readonly sharing: NoteSharing;
  private readonly rooms: NoteRooms;
  private stopped = false;
  private readonly list: NotebookList;
  /** The worker that keeps the index and seals the list; none without workers (tests). */
  private readonly background: SessionBackground | undefined;
  private readonly search: NoteSearch | undefined;

  private constructor(
    private readonly api: ApiClient,
    private readonly db: LocalDb,
    private readonly session: Session,
    token: string | undefined,
    private readonly host: NotebookHost,
  ) {
    this.departures = new NoteDepartures(roomTicketProbe(api), () => this.list.publish());
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
    const engine = new SyncEngine(observed, session, token, paging);
    const background = SessionBackground.start(db, session);
    this.engine = engine;
    this.background = background;
    this.search = background && new NoteSearch(background);
    this.list = new NotebookList(engine, this.memberCounts, db, session, host, background);
    this.sync = new NotebookSync({
      api,
      db,
      session,
      host,
      engine,
      writer: this.writer,
      memberCounts: this.memberCounts,
      note: (id) => this.note(id),
      index: (notes) => void this.search?.index(notes),
      publish: (streaming) => this.list.publish(streaming),
      settled: () => this.list.settled(),
      forget: (id) => this.forgetNote(id),
      setAside: (removal) => this.shelf.take(removal),
    });
    this.shelf = new SetAsideShelf({
      engine,
      db,
      session,
      host,
      leaveLive: (id) => this.leaveLive(id),
      create: (metadata) => this.create(metadata),
    });
    this.triggers = new SyncTriggers(api, {
      sync: () => void this.syncNow(),
      online: (online) => host.set({ online }),
      feed: (feed) => host.set({ feed }),
      account: () => host.accountChanged(),
      bridge: (message) => host.bridge(message),
      ended: () => void host.sessionEnded(),
    });
    this.rooms = new NoteRooms(api, session, {
      note: (id) => this.note(id),
      syncNow: () => void this.syncNow(),
    });
    this.sharing = new NoteSharing(api, session, {
      note: (id) => this.note(id),
      settle: () => this.flushAll(),
      changed: (note, change) => this.rosterChanged(note, change),
      rosterSeen: (id, members) => {
        this.departures.rosterSeen(id, members);
        ownerSeen(session, id, members);
      },
      left: (id) => {
        leaving(session, id);
        return this.syncNow();
      },
    });
  }

  /** Shows the sealed list snapshot, then opens the cache in slices, then syncs. */
  static async open(api: ApiClient, db: LocalDb, session: Session, host: NotebookHost) {
    const token = await db.get("meta", "syncToken");
    const notebook = new Notebook(api, db, session, token, host);
    const snapshot = await notebook.list.snapshot();
    host.set({
      notes: snapshot ?? [],
      pending: await pendingCount(db),
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    void notebook.openCache();
    return notebook;
  }

  private async openCache(): Promise<void> {
    await openCacheInSlices(this.db, this.session, (batch) => {
      if (this.stopped) return;
      for (const { note, memberCount } of batch)
        if (!this.shelf.holdCached(note)) this.adopt(note, memberCount);
      this.list.filling();
    });
    if (this.stopped) return;
    this.shelf.publish();
    this.list.cacheOpened();
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

  // ── reading ───────────────────────────────────────────────────────────

  note(id: string): OpenNote | undefined {
    return this.engine.note(id);
  }

  /** Why a note that was here has gone (sync said so), if it has; one set aside says so. */
  departure(id: string): NoteDeparture | undefined {
    const departure = this.departures.get(id);
    // Set aside (the owner did not confirm it): the words say a copy is kept.
    return this.shelf.note(id) ? departure && { ...departure, keptAside: true } : departure;
  }

  /** The note, opened from the cache first when the rest are still being opened. */
  async openNote(id: string): Promise<OpenNote | undefined> {
    const open = this.engine.note(id);
    if (open || this.list.isCacheOpen) return open;
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
    return this.rooms.awareness(id);
  }

  /** Joins the note's live room (shared notes, while open); leave() when done. */
  joinRoom(id: string, awareness: Awareness): LiveNote | undefined {
    return this.rooms.join(id, awareness);
  }

  // ── writing ───────────────────────────────────────────────────────────

  async create(metadata: NoteMetadata): Promise<string> {
    const { note, body } = await prepareNote(this.session, metadata);
    const { id } = note;
    this.engine.track(note);
    this.writer.watch(note);
    await enqueue(this.db, { kind: "create", noteId: id, body });
    await cacheNotes(this.db, this.session, [note]);
    this.list.publish();
    void this.search?.index([note]);
    void this.sync.flush();
    return id;
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    const note = this.note(id);
    if (!note) return;
    this.writer.setMetadata(note, atSeenRevision(this.session, note, metadata));
    if (metadata.tags.length > 0) recordJourney(this.api, "organise", "complete");
    this.list.publish();
  }

  /** Deletes the note for good, signed (signed-delete.ts). */
  async remove(id: string): Promise<void> {
    const version = this.engine.note(id)?.version;
    this.engine.untrack(id);
    await this.forgetNote(id);
    this.list.publish();
    const note = { id, ...(version !== undefined && { version }) };
    await sendDeletion(this.api, this.db, this.session, this.host, note, () => this.sync.flush());
  }

  /** Seals what was typed and sends what the network takes (before sign-out, unload). */
  async flushAll(): Promise<void> {
    await this.writer.flush();
    await this.sync.flush();
  }

  /** Seals typed edits into the outbox now (page hide). */
  saveTyped(): Promise<void> {
    return this.writer.flush();
  }

  /** Sends queued edits, then pulls changes; one run at a time, none lost. */
  syncNow(): Promise<void> {
    return this.sync.syncNow();
  }

  stop(): void {
    this.stopped = true;
    this.list.stop();
    this.search?.close();
    this.background?.close();
    this.triggers.stop();
    this.rooms.clear();
  }

  /** Deleted (its owner signed it), or left here: its copy and keys go (docs/sharing.md). */
  private async forgetNote(id: string): Promise<void> {
    this.leaveLive(id);
    this.sync.settledWarning(id);
    this.session.keyring?.forget(id);
    await this.db.delete("notes", id);
  }

  /** Out of everything live: pending edits, member count, live room, search. */
  private leaveLive(id: string): void {
    this.writer.drop(id);
    this.memberCounts.delete(id);
    this.rooms.forget(id);
    void this.search?.remove([id]);
  }

  private async rosterChanged(note: OpenNote, change: RosterChange): Promise<void> {
    this.memberCounts.set(note.id, change.members.length);
    // After a rotation the cached copy must be sealed under the new key.
    await cacheNotes(this.db, this.session, [note], this.memberCounts);
    this.list.publish();
  }
}
