// One signed-in session's notes: the sync engine over the local cache, the writer
// that seals edits into the outbox, the outbox flush and the sync loop. The Vault
// owns one Notebook per session and hears about state through `host`.
import {
  type ApiClient,
  compactIfDue,
  isProblem,
  type OpenNote,
  prepareNote,
  type Session,
  SyncEngine,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import { recordJourney } from "./journey";
import type { LocalDb } from "./local-db";
import { cacheNotes, loadCachedNotes } from "./note-cache";
import { NoteWriter, type SealedEdit } from "./note-writer";
import { enqueue, flushOutbox, pendingCount } from "./outbox";
import type { VaultState } from "./vault-state";

const SYNC_EVERY_MS = 4_000;

export interface NotebookHost {
  state(): VaultState;
  set(patch: Partial<VaultState>): void;
  /** The server answered 401: the session is over. */
  sessionEnded(): Promise<void>;
}

export class Notebook {
  private readonly writer = new NoteWriter(
    (edits) => this.storeEdits(edits),
    (unsaved) => {
      if (unsaved !== this.host.state().unsaved) this.host.set({ unsaved });
    },
  );
  private syncing: Promise<void> | undefined;
  private flushing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  private constructor(
    private readonly api: ApiClient,
    private readonly db: LocalDb,
    private readonly session: Session,
    private readonly engine: SyncEngine,
    private readonly host: NotebookHost,
  ) {}

  /** Opens the cached notes (no network) and starts syncing. */
  static async open(api: ApiClient, db: LocalDb, session: Session, host: NotebookHost) {
    const token = await db.get("meta", "syncToken");
    const engine = new SyncEngine(api, session, token);
    const notebook = new Notebook(api, db, session, engine, host);
    for (const note of await loadCachedNotes(db, session)) {
      engine.track(note);
      notebook.writer.watch(note);
    }
    host.set({
      pending: await pendingCount(db),
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    notebook.publish();
    notebook.run();
    return notebook;
  }

  note(id: string): OpenNote | undefined {
    return this.engine.note(id);
  }

  /** Every note, for export. */
  all(): OpenNote[] {
    return this.engine.list().flatMap((s) => this.engine.note(s.id) ?? []);
  }

  async create(metadata: NoteMetadata): Promise<string> {
    const { note, body } = await prepareNote(this.session, metadata);
    const { id } = note;
    this.engine.track(note);
    this.writer.watch(note);
    await enqueue(this.db, { kind: "create", noteId: id, body });
    await cacheNotes(this.db, this.session, [note]);
    this.publish();
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
    this.writer.drop(id);
    this.engine.untrack(id);
    await this.db.delete("notes", id);
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

  /** Sends queued edits, then pulls changes; one run at a time. */
  syncNow(): Promise<void> {
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  stop(): void {
    clearInterval(this.timer);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
  }

  private run(): void {
    void this.syncNow();
    this.timer = setInterval(() => void this.syncNow(), SYNC_EVERY_MS);
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
  }

  private readonly onOnline = () => {
    this.host.set({ online: true });
    void this.syncNow();
  };

  private readonly onOffline = () => this.host.set({ online: false });

  private async runSync(): Promise<void> {
    const { engine, host } = this;
    await this.flush();
    const first = !engine.synced;
    if (first) recordJourney(this.api, "sync", "start");
    host.set({ sync: { ...host.state().sync, running: true, applied: 0 } });
    try {
      const result = await engine.syncOnce((applied) =>
        host.set({ sync: { ...host.state().sync, applied } }),
      );
      const changed = result.changed.flatMap((id) => engine.note(id) ?? []);
      for (const note of changed) this.writer.watch(note);
      await cacheNotes(this.db, this.session, changed);
      for (const id of result.removed) await this.db.delete("notes", id);
      if (engine.token) await this.db.put("meta", engine.token, "syncToken");
      if (first) recordJourney(this.api, "sync", "complete");
      host.set({ online: true, sync: { running: false, applied: 0, firstDone: true } });
      this.publish();
    } catch (error) {
      host.set({ sync: { ...host.state().sync, running: false } });
      await this.onBackgroundError(error);
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
      appended: async (op, at) => {
        const note = this.note(op.noteId);
        // Only when nobody appended in between does the doc hold every version.
        if (note && at.version === note.version + op.updateCount) note.version = at.version;
        // Compaction is housekeeping: a failure here must not hold the outbox up.
        if (note) await compactIfDue(this.api, note, at.version).catch(() => undefined);
      },
    });
    const pending = await pendingCount(this.db);
    if (outcome.state === "waiting")
      this.host.set({ online: navigator.onLine && !outcome.offline, pending });
    else this.host.set({ online: true, pending });
    if (outcome.state === "refused") await this.onBackgroundError(outcome.problem);
  }

  private async storeEdits(edits: SealedEdit[]): Promise<void> {
    for (const edit of edits) {
      const { note, updateCount, body } = edit;
      await enqueue(this.db, { kind: "append", noteId: note.id, updateCount, body });
    }
    await cacheNotes(
      this.db,
      this.session,
      edits.map((e) => e.note),
    );
    this.host.set({ pending: await pendingCount(this.db) });
    void this.flush();
  }

  private async onBackgroundError(error: unknown): Promise<void> {
    if (isProblem(error) && error.status === 401) return this.host.sessionEnded();
    if (isProblem(error))
      this.host.set({ problem: { slug: error.slug, title: error.title, detail: error.detail } });
    else this.host.set({ online: false });
  }

  private publish(): void {
    const notes = this.engine.list().map(({ id, title, tags }) => ({ id, title, tags }));
    this.host.set({ notes });
  }
}
