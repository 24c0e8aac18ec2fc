// One signed-in session's notes: the sync engine over the local cache (a note is read
// from it only when a change for it arrives, or when it is shown, edited or indexed:
// issue 35), the writer that seals edits into the outbox, sync and flush
// (notebook-sync.ts), what triggers a sync (the change feed, a slow poll), the list
// shown (notebook-list.ts), search, sharing and live rooms (note-rooms.ts), notes set
// aside or not opened (set-aside-shelf.ts, note-warnings.ts). The Vault's session
// keeper owns one Notebook per session; it hears through `host`.
import {
  type ApiClient,
  keyTransparencyFor,
  type OpenNote,
  prepareNote,
  type RosterChange,
  restDoc,
  type Session,
  SyncEngine,
  seenHeadOf,
  yieldToEventLoop,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import type { Awareness } from "y-protocols/awareness";
import { afterNextPaint, whenIdle } from "./after-pause";
import { SEARCH_COVERS_KEY } from "./background/protocol";
import { SessionBackground } from "./background/session-background";
import {
  dropUntaken,
  type FirstListHost,
  listCache,
  listChangedSince,
  listMetadata,
} from "./first-list";
import { recordJourney } from "./journey";
import { keepLinkReseals } from "./link-reseals-store";
import { openSavedHead, openSavedList, type SavedList } from "./list-snapshot";
import type { LiveNote } from "./live-note";
import type { LocalDb } from "./local-db";
import { cachedSince, cacheNotes } from "./note-cache";
import { type NoteDeparture, NoteDepartures, roomTicketProbe } from "./note-departures";
import { type Backlink, backlinksTo } from "./note-links";
import { NoteRooms } from "./note-rooms";
import { NoteSharing } from "./note-sharing";
import { observeNoteStates } from "./note-states";
import { NoteWriter } from "./note-writer";
import type { NotebookHost } from "./notebook-host";
import { NotebookList } from "./notebook-list";
import { NotebookSync } from "./notebook-sync";
import { atSeenRevision, leaving, ownerSeen } from "./notebook-trust";
import { enqueue, pendingCount } from "./outbox";
import { RestingNotes } from "./resting-notes";
import { NoteSearch, type SearchResults } from "./search/note-search";
import type { SearchDoc } from "./search/search-index";
import { SetAsideShelf } from "./set-aside-shelf";
import { NoteLinks } from "./share-links";
import { sendDeletion } from "./signed-delete";
import { SyncTriggers } from "./sync-triggers";
import {
  forgetTypedAtExit,
  keepTypedAtExit,
  takeTypedAtExit,
  typedAtExitKey,
} from "./typed-at-exit";
import type { NoteListItem } from "./vault-state";

/** Work between pauses when a sync page's notes are read and let rest. */
const SETTLE_SLICE_MS = 12;

export class Notebook {
  private stopLinkReseals: (() => void) | undefined;
  private readonly writer = new NoteWriter(
    (edits, touched) => {
      this.links.edited(edits.map((edit) => edit.note.id));
      return this.sync.storeEdits(edits, touched);
    },
    (unsaved) => {
      if (unsaved !== this.host.state().unsaved) this.host.set({ unsaved });
    },
    // Members compare it with their own log on reading (issue 34, heads in metadata).
    () => seenHeadOf(keyTransparencyFor(this.api)),
  );
  /** Which notes are in memory; the others rest in the cache (resting-notes.ts, issue 35). */
  private readonly resting: RestingNotes;
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
  /** Share links of this account's notes (issue 37). */
  readonly links: NoteLinks;
  private readonly rooms: NoteRooms;
  private stopped = false;
  /** Kept appends are taken back one pass at a time (typed-at-exit.ts). */
  private takingTyped: Promise<void> = Promise.resolve();
  private readonly list: NotebookList;
  /** The saved list's rest opened and listed (at once when it was shown whole). */
  private restShown: Promise<void> = Promise.resolve();
  private listedFirst: () => void = () => undefined;
  /** The first list is level with the device's cache (first-list.ts); syncs wait for it. */
  private readonly firstListed = new Promise<void>((resolve) => {
    this.listedFirst = resolve;
  });
  private listedWholeOnce: (whole: boolean) => void = () => undefined;
  /** Whether the list holds every note the server's feed lists (`listedWhole`). */
  private readonly wholeListed = new Promise<boolean>((resolve) => {
    this.listedWholeOnce = resolve;
  });
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
      // Seen before the engine applies (and forgets) it: the note is still here, in
      // memory or as its row (a note resting on the device, issue 35).
      this.departures.observe(state, this.engine.note(state.id) ?? this.list.row(state.id));
    });
    // Pages of 500 (the most the server gives; a first one of 40, a screenful on the
    // tallest list, shows the list sooner), worked in slices that leave input and
    // painting room between them.
    // Newest first: the note written last is on the first page, not the last one.
    const paging = { firstPageSize: 40, pageSize: 500, sliceMs: 24, newestFirst: true };
    const load = (ids: string[]) => this.resting.load(ids);
    const engine = new SyncEngine(observed, session, token, { ...paging, load });
    const background = SessionBackground.start(db, session);
    // Each change-feed page's wraps are opened there, off this thread (wrap-opening.ts).
    if (background) session.wrapOpener = background.wraps;
    this.engine = engine;
    this.resting = new RestingNotes({
      engine,
      db,
      session,
      writer: this.writer,
      memberCounts: this.memberCounts,
      aside: (id) => this.shelf.note(id),
      stopped: () => this.stopped,
    });
    this.background = background;
    this.search = background && new NoteSearch(background, () => host.searchIndexed?.());
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
      settle: (notes) => this.settle(notes),
      letGo: (notes) => this.resting.letGo(notes),
      load: (id) => this.resting.hold(id),
      index: (notes) => void this.search?.index(notes),
      publish: (streaming, ids) => this.list.publish(streaming, ids),
      settled: () => void this.firstSynced(),
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
      online: (online) => {
        host.set({ online });
        if (online) this.links.online();
      },
      feed: (feed) => host.set({ feed }),
      account: () => host.accountChanged(),
      bridge: (message) => host.bridge(message),
      ended: () => void host.sessionEnded(),
    });
    this.rooms = new NoteRooms(api, session, {
      note: (id) => this.note(id),
      syncNow: () => void this.syncNow(),
    });
    this.links = new NoteLinks(
      api,
      session,
      // Read back from the device's store when it rests there (issue 35).
      (id) => this.resting.hold(id),
      (noteId, ids) => host.linkImages?.(noteId, ids) ?? Promise.resolve([]),
    );
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

  /**
   * Shows the sealed list snapshot (`saved`: opened by the session keeper while the
   * stores the sync needs load, list-snapshot.ts), its first screen alone when one was
   * saved, then starts (`start`): the rest of it is opened once that is on screen.
   */
  static async open(
    api: ApiClient,
    db: LocalDb,
    session: Session,
    host: NotebookHost,
    saved: Promise<SavedList | undefined> = openSavedHead(db, session),
  ) {
    const token = await db.get("meta", "syncToken");
    const notebook = new Notebook(api, db, session, token, host);
    notebook.list.showSaved(await saved);
    notebook.restShown = notebook.list.showRestOfSaved(() =>
      afterNextPaint().then(() => openSavedList(db, session)),
    );
    host.set({
      pending: await pendingCount(db),
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    // However start ends, whoever waits for a whole list hears of it (listedWhole).
    void notebook.start().finally(() => notebook.listedWholeOnce(false));
    return notebook;
  }

  /**
   * Takes back the notes set aside (the seen states name them), lists the cache when no
   * snapshot was saved, then syncs: the server is asked only for what changed since the
   * saved cursor. No other cached note is opened for this (issue 35); once the sync has
   * run, the notes the search index lacks are read for it, in the background.
   */
  private async start(): Promise<void> {
    try {
      // Before anything lists or saves a row: the saved list whole again.
      await this.restShown;
      await this.shelf.restore();
      if (this.list.fillsFromCache) await listCache(this.firstList());
      else await listChangedSince(this.firstList());
      // What was typed just before the last page went away, back before any sync.
      await this.takeTypedAtExit();
    } finally {
      this.listedFirst();
    }
    // A first sync with nothing on the device: the list from metadata pages first.
    // (A first sync left midway, by a reload during it, lists part: not whole.)
    if (this.engine.synced) this.listedWholeOnce(true);
    else if (this.list.size === 0) this.listedWholeOnce(await listMetadata(this.firstList()));
    else this.listedWholeOnce(false);
    if (this.stopped) return;
    addEventListener("storage", this.typedElsewhere);
    this.triggers.start();
    // Notes whose following links were left behind before a reload (an offline edit).
    const stopLinkReseals = await keepLinkReseals(this.db, this.session, this.links).catch(
      () => undefined,
    );
    if (this.stopped) return stopLinkReseals?.();
    this.stopLinkReseals = stopLinkReseals;
    // Which notes have links that follow them; offline, the next list learns it.
    void this.links.start().catch(() => {});
    void this.sync.firstRun.then(() => whenIdle(() => void this.indexResting()));
  }

  // ── reading ───────────────────────────────────────────────────────────

  /** What the list's first fill needs (first-list.ts). */
  private firstList(): FirstListHost {
    const { api, db, session, engine, list, host, memberCounts } = this;
    const stopped = () => this.stopped;
    return {
      api,
      db,
      session,
      engine,
      list,
      host,
      memberCounts,
      stopped,
      aside: (id) => this.shelf.note(id),
      // A search finds these by title and tags while their bodies come ("so far").
      indexTitles: (notes) =>
        void this.search?.add(
          notes.map(({ id, metadata }) => ({
            id,
            title: metadata.title,
            tags: [...metadata.tags],
            body: "",
            stamp: "metadata only",
          })),
        ),
    };
  }

  /** The first sync is over: rows it did not take go, then its list is saved. */
  private async firstSynced(): Promise<void> {
    await dropUntaken(this.firstList());
    this.list.settled();
  }

  /**
   * The cached notes the saved search index lacks, or holds as they were before they
   * were cached again (a reload before it was saved again), read and indexed a batch
   * at a time; none is kept in memory.
   */
  private async indexResting(): Promise<void> {
    const search = this.search;
    if (!search || this.stopped) return;
    const lacking = await search.lacking((await this.db.getAllKeys("notes")) as string[]);
    const covers = Number(await this.db.get("meta", SEARCH_COVERS_KEY));
    const since = Number.isFinite(covers) ? await cachedSince(this.db, covers) : [];
    const ids = [...new Set([...lacking, ...since])];
    await this.resting.eachCached(ids, (notes) => search.index(notes));
  }

  /** The note, kept open from now on (it is being shown, edited or shared). */
  note(id: string): OpenNote | undefined {
    const note = this.engine.note(id);
    if (note) this.resting.kept.add(id);
    return note;
  }

  /**
   * A sync page's notes: each read for the search index while its document is open,
   * then let go unless someone asked for it by id (see `kept`), a slice at a time.
   */
  private async settle(notes: readonly OpenNote[]): Promise<void> {
    const read: SearchDoc[] = [];
    let sliceStart = performance.now();
    for (const note of notes) {
      if (this.search) read.push(this.search.read(note));
      if (!this.resting.kept.has(note.id)) restDoc(note, this.resting.woken);
      if (performance.now() - sliceStart > SETTLE_SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    void this.search?.add(read);
  }

  /** Every live note on this device, a batch at a time (read from the cache where they rest). */
  eachNote(take: (notes: OpenNote[]) => void | Promise<void>): Promise<void> {
    return this.resting.eachNote(take);
  }

  /** Why a note that was here has gone (sync said so), if it has; one set aside says so. */
  departure(id: string): NoteDeparture | undefined {
    const departure = this.departures.get(id);
    // Set aside (the owner did not confirm it): the words say a copy is kept.
    return this.shelf.note(id) ? departure && { ...departure, keptAside: true } : departure;
  }

  /**
   * The note, read from the cache when it rests there, and kept open from now on. One
   * listed from a metadata page whose body has not come yet is read on its own at once,
   * judged as the sync judges it (SyncEngine.fetchNote), instead of waiting for the
   * first sync to reach it; if that read is refused or fails, the first sync decides
   * (and reports it).
   */
  async openNote(id: string): Promise<OpenNote | undefined> {
    let note = await this.resting.hold(id);
    if (!note && !this.engine.synced && this.list.item(id)) note = await this.fetchAhead(id);
    if (!note && !this.engine.synced && this.list.item(id)) {
      await this.sync.firstRun;
      note = await this.resting.hold(id);
    }
    if (note) this.resting.kept.add(id);
    return note;
  }

  /** A listed note's body read ahead of the first sync (openNote), or undefined. */
  private async fetchAhead(id: string): Promise<OpenNote | undefined> {
    try {
      const result = await this.engine.fetchNote(id);
      if (result.refused.length > 0 || result.notOpened.length > 0) return undefined;
    } catch {
      return undefined;
    }
    const note = this.engine.note(id);
    if (note) this.writer.watch(note);
    return note;
  }

  /**
   * The notes that link to `id`, by title: those in memory read as they are now (one
   * being edited included), the others as the search index last read them (without a
   * worker, every note is read from the cache). Notes in the trash are left out.
   */
  async backlinks(id: string): Promise<Backlink[]> {
    const held = [...this.engine.held()];
    const found = backlinksTo(id, held);
    if (!this.search) {
      await this.eachNote((notes) => {
        for (const link of backlinksTo(id, notes))
          if (!found.some((f) => f.id === link.id)) found.push(link);
      });
    } else {
      const inMemory = new Set(held.map((note) => note.id));
      for (const linker of await this.search.linking(id)) {
        const row = this.list.item(linker);
        if (linker === id || inMemory.has(linker) || !row || row.trashedAt) continue;
        found.push({ id: linker, title: row.title });
      }
    }
    return found.sort((a, b) => a.title.localeCompare(b.title));
  }

  /**
   * Every row of the list (role and shared mark included), in no particular order, once
   * the saved list is all listed (its first screen alone is not all).
   */
  async listedAll(): Promise<Iterable<NoteListItem>> {
    await this.restShown;
    return this.list.items();
  }

  /**
   * Every note listed, once the list holds them all: at once when the device synced
   * before, after the metadata walk on a new device; undefined when that walk did not
   * finish (or a first sync was left midway), so the caller asks the server itself.
   */
  async listedWhole(): Promise<Iterable<NoteListItem> | undefined> {
    return (await this.wholeListed) ? this.listedAll() : undefined;
  }

  /** Full-text search over titles, tags and text (none without a worker). */
  find(text: string): Promise<SearchResults> {
    return (
      this.search?.query(text) ?? Promise.resolve({ hits: [], total: 0, capped: false, tookMs: 0 })
    );
  }

  /** Every note on this device, for export (read from the cache where they rest). */
  async all(): Promise<OpenNote[]> {
    const out: OpenNote[] = [];
    await this.eachNote((notes) => void out.push(...notes));
    return out;
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
    this.list.publish(false, [id]);
    void this.search?.index([note]);
    void this.sync.flush();
    return id;
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    const note = this.note(id);
    if (!note) return;
    this.writer.setMetadata(note, atSeenRevision(this.session, note, metadata));
    if (metadata.tags.length > 0) recordJourney(this.api, "organise", "complete");
    this.list.publish(false, [id]);
  }

  /** Deletes the note for good, signed (signed-delete.ts). */
  async remove(id: string): Promise<void> {
    const version = (await this.resting.hold(id))?.version;
    this.resting.gone.add(id);
    this.engine.untrack(id);
    await this.forgetNote(id);
    this.list.publish(false, [id]);
    const note = { id, ...(version !== undefined && { version }) };
    await sendDeletion(this.api, this.db, this.session, this.host, note, () => this.sync.flush());
  }

  /** Seals what was typed and sends what the network takes (before sign-out, unload). */
  async flushAll(): Promise<void> {
    await this.writer.flush();
    await this.sync.flush();
  }

  /** Seals typed edits into the outbox now (the app lock). */
  saveTyped(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * Page hide: typed edits sealed within this task and kept where the next start finds
   * them, then stored as usual; kept no longer once stored (typed-at-exit.ts).
   */
  saveTypedAtExit(): void {
    const account = this.session.account.id;
    let kept: string[] = [];
    void this.writer
      .flushNow((edits) => {
        keepTypedAtExit(account, edits);
        kept = edits.map((edit) => edit.body.requestId);
      })
      .then(() => forgetTypedAtExit(account, kept))
      .catch(() => undefined);
  }

  /** Appends kept at a page hide, put back on their notes and into the outbox. */
  private takeTypedAtExit(): Promise<void> {
    this.takingTyped = this.takingTyped
      .then(() =>
        takeTypedAtExit({
          db: this.db,
          accountId: this.session.account.id,
          hold: (id) => this.resting.hold(id),
          took: async (notes) => {
            if (notes.length === 0 || this.stopped) return;
            await cacheNotes(this.db, this.session, notes, this.memberCounts);
            this.list.publish(
              false,
              notes.map((note) => note.id),
            );
            void this.search?.index(notes);
            this.resting.letGo(notes);
            this.host.set({ pending: await pendingCount(this.db) });
            void this.sync.flush();
          },
        }),
      )
      .catch(() => undefined);
    return this.takingTyped;
  }

  /** Another tab of this account kept edits as it went away: this one sends them. */
  private readonly typedElsewhere = (event: StorageEvent) => {
    if (event.key === typedAtExitKey(this.session.account.id) && event.newValue && !this.stopped)
      void this.takeTypedAtExit();
  };

  /** Sends queued edits, then pulls changes; one run at a time, none lost. */
  syncNow(): Promise<void> {
    // Not before the first list: a page taken while the cache is read into the list
    // could be overwritten there by the older copy read (a live room asks at once).
    return this.firstListed.then(() => this.sync.syncNow());
  }

  stop(): void {
    this.stopped = true;
    removeEventListener("storage", this.typedElsewhere);
    this.list.stop();
    this.search?.close();
    this.background?.close();
    if (this.session.wrapOpener === this.background?.wraps) delete this.session.wrapOpener;
    this.triggers.stop();
    this.links.stop();
    this.stopLinkReseals?.();
    this.rooms.clear();
  }

  /** Deleted (its owner signed it), or left here: its copy and keys go (docs/sharing.md). */
  private async forgetNote(id: string): Promise<void> {
    this.resting.gone.add(id);
    this.leaveLive(id);
    this.sync.settledWarning(id);
    this.session.keyring?.forget(id);
    await this.db.delete("notes", id);
  }

  /** Out of everything live: pending edits, member count, live room, search. */
  private leaveLive(id: string): void {
    this.resting.kept.delete(id);
    this.writer.drop(id);
    this.memberCounts.delete(id);
    this.rooms.forget(id);
    void this.search?.remove([id]);
  }

  private async rosterChanged(note: OpenNote, change: RosterChange): Promise<void> {
    this.memberCounts.set(note.id, change.members.length);
    // After a rotation the cached copy must be sealed under the new key.
    await cacheNotes(this.db, this.session, [note], this.memberCounts);
    this.list.publish(false, [note.id]);
  }
}
