// How a Notebook's notes meet the server: typed edits sealed into the outbox (the
// writer's sink), the outbox flushed one run at a time, and sync runs that send what
// is queued, then pull what changed, page by page, into the list, the cache and the
// search index. One run at a time, none lost (coalesced-run.ts). What a run could not
// take is said (issue 33): notes set aside go to the Trash's shelf, notes that did not
// open stay listed as warnings until they open.
import {
  type ApiClient,
  CompactionIncomplete,
  healUpdate,
  type OpenNote,
  type Session,
  type SyncEngine,
  type UnconfirmedRemoval,
  yieldToEventLoop,
} from "@notes/client";
import { CoalescedRun } from "./coalesced-run";
import { recordJourney } from "./journey";
import type { LocalDb } from "./local-db";
import { cacheNotes } from "./note-cache";
import { NoteWarnings } from "./note-warnings";
import type { NoteWriter, SealedEdit } from "./note-writer";
import { type NotebookHost, reportBackgroundError } from "./notebook-host";
import { compactAfterAppend, enqueue, flushOutbox, pendingCount, resealNote } from "./outbox";

/** The Notebook's parts a sync run reads and writes. */
export interface SyncedNotebook {
  api: ApiClient;
  db: LocalDb;
  session: Session;
  host: NotebookHost;
  engine: SyncEngine;
  writer: NoteWriter;
  /** Members per note, owner included, as the server last said. */
  memberCounts: Map<string, number>;
  note(id: string): OpenNote | undefined;
  /**
   * A page's notes, taken in: read for the search index, then let rest (their documents
   * let go, issue 35), a slice at a time.
   */
  settle(notes: OpenNote[]): Promise<void>;
  /** Notes just cached, let go from memory unless kept (they rest on the device, issue 35). */
  letGo(notes: readonly OpenNote[]): void;
  /** The note in memory, read from the cache when it rests there. */
  load(id: string): Promise<OpenNote | undefined>;
  /** Hands notes to the search index (nothing without a worker). */
  index(notes: OpenNote[]): void;
  /**
   * `streaming`: more pages follow (the list may wait its turn, list-publisher.ts);
   * `ids`: the notes changed (none given: any may have).
   */
  publish(streaming?: boolean, ids?: Iterable<string>): void;
  /** The first sync is over: its list is the one to keep (list-publisher.ts). */
  settled(): void;
  /** A note deleted (its owner signed it), or left here: its copy and keys go. */
  forget(id: string): Promise<void>;
  /** A tombstone without the owner's signature: the note is kept, set aside. */
  setAside(removal: UnconfirmedRemoval): Promise<void>;
}

export class NotebookSync {
  private readonly syncing = new CoalescedRun(() => this.run());
  private flushing: Promise<void> | undefined;
  /** Notes the runs could not open (or were served older), until they open. */
  private readonly warnings = new NoteWarnings();
  private ranOnce: () => void = () => undefined;
  /** Settles when the first run is over (done or failed). */
  readonly firstRun = new Promise<void>((resolve) => {
    this.ranOnce = resolve;
  });

  constructor(private readonly notebook: SyncedNotebook) {}

  /** Sends queued edits, then pulls changes; one run at a time, none lost. */
  syncNow(): Promise<void> {
    const run = this.syncing.request();
    run.then(this.ranOnce, this.ranOnce);
    return run;
  }

  /** Sends what the outbox holds; a flush asked for during one joins it. */
  flush(): Promise<void> {
    this.flushing ??= this.runFlush().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** The writer's sink: sealed edits queued and cached, then sent. */
  async storeEdits(edits: SealedEdit[], touched: OpenNote[]): Promise<void> {
    const { db, session, host } = this.notebook;
    const now = new Date().toISOString();
    for (const edit of edits) {
      const { note, updateCount, body, clocks } = edit;
      if (updateCount > 0) note.updatedAt = now;
      await enqueue(db, { kind: "append", noteId: note.id, updateCount, body, clocks });
    }
    // A note that left meanwhile (removed from it) is not cached again.
    const notes = [...edits.map((e) => e.note), ...touched].filter((n) => this.notebook.note(n.id));
    await cacheNotes(db, session, notes, this.notebook.memberCounts);
    // Their rows too (a new time): a list saved after says it covers what was cached up
    // to a moment before, these included, so they must be in it; offline, no echo of
    // the server's would bring them. In turn with the other lists (list-publisher.ts).
    this.notebook.publish(
      true,
      notes.map((n) => n.id),
    );
    this.notebook.index(notes);
    if (edits.length === 0) return;
    host.set({ pending: await pendingCount(db) });
    void this.flush();
  }

  private async run(): Promise<void> {
    const { api, db, session, host, engine, writer, memberCounts } = this.notebook;
    await this.flush();
    const first = !engine.synced;
    host.set({ sync: { ...host.state().sync, running: true, applied: 0 } });
    try {
      // Each page is shown and cached as it arrives: the list fills progressively.
      const running = engine.syncOnce(async ({ applied, changed: ids }) => {
        // The page's last slice of opening notes ran in this task: the rest goes in new
        // ones, so no task runs past a frame or two (issue 35, step 3).
        await yieldToEventLoop();
        writer.reapplyPending();
        const changed = ids.flatMap((id) => engine.note(id) ?? []);
        for (const note of changed) writer.watch(note);
        host.set({ sync: { ...host.state().sync, applied } });
        this.notebook.publish(true, ids);
        // Rested before caching: the cache seals the state the rest encoded, once.
        await this.notebook.settle(changed);
        await cacheNotes(db, session, changed, memberCounts);
        this.notebook.letGo(changed);
      });
      // Counted once the first page is asked for (a task later), not in front of it.
      if (first) setTimeout(() => recordJourney(api, "sync", "start"), 0);
      const result = await running;
      writer.reapplyPending();
      const changed = result.changed.flatMap((id) => engine.note(id) ?? []);
      for (const note of changed)
        if (note.resealDue) void resealNote(api, db, session, note, memberCounts);
      for (const id of result.removed) await this.notebook.forget(id);
      for (const removal of result.unconfirmed) await this.notebook.setAside(removal);
      if (this.warnings.take(result, (id) => engine.note(id)))
        host.set({ noteWarnings: this.warnings.list() });
      // A tidy-up that dropped what this browser holds: it puts the dropped part back.
      for (const refused of result.refused) {
        const note = refused instanceof CompactionIncomplete && engine.note(refused.noteId);
        if (note && note.role !== "viewer") writer.adopt(note, healUpdate(note, refused));
      }
      // A served copy that contradicts what this browser saw (issue 21): said plainly.
      const refused = result.refused[0];
      if (refused) host.set({ problem: { slug: refused.name, title: refused.message } });
      if (engine.token) await db.put("meta", engine.token, "syncToken");
      if (first) recordJourney(api, "sync", "complete");
      host.set({ online: true, sync: { running: false, applied: 0, firstDone: true } });
      // Pages already published what they changed; a run that changed nothing (most
      // runs: the echo of one's own edit) does not rebuild a 10,000-row list.
      const gone = [...result.removed, ...result.unconfirmed.map((removal) => removal.noteId)];
      if (first || gone.length > 0) this.notebook.publish(false, gone);
      if (first) this.notebook.settled();
    } catch (error) {
      host.set({ sync: { ...host.state().sync, running: false } });
      await reportBackgroundError(host, error);
    }
  }

  /** A note this device deleted: no warning stands for it any more. */
  settledWarning(id: string): void {
    if (this.warnings.forget(id)) this.notebook.host.set({ noteWarnings: this.warnings.list() });
  }

  private async runFlush(): Promise<void> {
    const { api, db, session, host } = this.notebook;
    const outcome = await flushOutbox(db, api, {
      session,
      // A note resting on the device is read back for it, and cached again after.
      appended: async (op, at) => {
        const note = await this.notebook.load(op.noteId);
        await compactAfterAppend(api, session, note, op, at);
        if (!note || this.notebook.engine.note(note.id) !== note) return;
        await cacheNotes(db, session, [note], this.notebook.memberCounts);
        this.notebook.letGo([note]);
      },
    });
    const pending = await pendingCount(db);
    if (outcome.state === "waiting")
      host.set({ online: navigator.onLine && !outcome.offline, pending });
    else host.set({ online: true, pending });
    if (outcome.state === "refused") await reportBackgroundError(host, outcome.problem);
  }
}
