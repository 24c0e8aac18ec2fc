// One signed-in session's notes: the sync engine over the local cache, the writer
// that seals edits into the outbox, the outbox flush, what triggers a sync (the
// change feed, a slow poll) and the notes' sharing and live rooms. The Vault owns
// one Notebook per session and hears about state through `host`.
import {
  type ApiClient,
  compactIfDue,
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
import { LiveNote } from "./live-note";
import type { LocalDb } from "./local-db";
import { cacheNotes, loadCache } from "./note-cache";
import { listFacts } from "./note-order";
import { NoteSharing } from "./note-sharing";
import { observeNoteStates } from "./note-states";
import { NoteWriter, type SealedEdit } from "./note-writer";
import { enqueue, flushOutbox, pendingCount } from "./outbox";
import { SyncTriggers } from "./sync-triggers";
import type { VaultState } from "./vault-state";

export interface NotebookHost {
  state(): VaultState;
  set(patch: Partial<VaultState>): void;
  /** The server answered 401, or the feed said the session was revoked. */
  sessionEnded(): Promise<void>;
  /** The feed said the profile, tier or usage changed. */
  accountChanged(): void;
  bridge(message: unknown): void;
}

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
  private readonly engine: SyncEngine;
  private readonly triggers: SyncTriggers;
  readonly sharing: NoteSharing;
  private readonly syncing = new CoalescedRun(() => this.runSync());
  private flushing: Promise<void> | undefined;
  private stopped = false;

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
    });
    this.engine = new SyncEngine(observed, session, token);
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
    });
  }

  /** Opens the cached notes (no network) and starts syncing. */
  static async open(api: ApiClient, db: LocalDb, session: Session, host: NotebookHost) {
    const token = await db.get("meta", "syncToken");
    const notebook = new Notebook(api, db, session, token, host);
    const cached = await loadCache(db, session);
    for (const [id, count] of cached.memberCounts) notebook.memberCounts.set(id, count);
    for (const note of cached.notes) {
      notebook.engine.track(note);
      notebook.writer.watch(note);
    }
    host.set({
      pending: await pendingCount(db),
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    notebook.publish();
    notebook.triggers.start();
    return notebook;
  }

  note(id: string): OpenNote | undefined {
    return this.engine.note(id);
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
    return LiveNote.join(this.api, note, awareness, () => void this.syncNow());
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
    this.triggers.stop();
    this.presence.clear();
  }

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
      this.writer.reapplyPending();
      const changed = result.changed.flatMap((id) => engine.note(id) ?? []);
      for (const note of changed) this.writer.watch(note);
      await cacheNotes(this.db, this.session, changed, this.memberCounts);
      for (const note of changed) if (note.resealDue) void this.reseal(note);
      for (const id of result.removed) await this.forgetNote(id);
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
        // With the session, a key rotation the compaction's fetch reveals is adopted.
        if (note)
          await compactIfDue(this.api, note, at.version, this.session).catch(() => undefined);
      },
    });
    const pending = await pendingCount(this.db);
    if (outcome.state === "waiting")
      this.host.set({ online: navigator.onLine && !outcome.offline, pending });
    else this.host.set({ online: true, pending });
    if (outcome.state === "refused") await this.onBackgroundError(outcome.problem);
  }

  private async storeEdits(edits: SealedEdit[], touched: OpenNote[]): Promise<void> {
    const now = new Date().toISOString();
    for (const edit of edits) {
      const { note, updateCount, body } = edit;
      if (updateCount > 0) note.updatedAt = now;
      await enqueue(this.db, { kind: "append", noteId: note.id, updateCount, body });
    }
    // A note that left meanwhile (removed from it) is not cached again.
    const notes = [...edits.map((e) => e.note), ...touched].filter((n) => this.note(n.id));
    await cacheNotes(this.db, this.session, notes, this.memberCounts);
    if (edits.length === 0) return;
    this.host.set({ pending: await pendingCount(this.db) });
    void this.flush();
  }

  /**
   * Content that opened only under a former key (a straggler, or a rotation's
   * compaction that failed) is re-sealed under the current key at once, by an owner or
   * editor (docs/sharing.md); members who never held the old key can then read it.
   */
  private async reseal(note: OpenNote): Promise<void> {
    const done = await compactIfDue(this.api, note, note.version, this.session).catch(
      () => undefined,
    );
    if (done) await cacheNotes(this.db, this.session, [note], this.memberCounts);
  }

  /** Deleted, or this account was removed from it: its copy and keys go (docs/sharing.md). */
  private async forgetNote(id: string): Promise<void> {
    this.writer.drop(id);
    this.memberCounts.delete(id);
    this.presence.forget(id);
    this.session.keyring?.forget(id);
    await this.db.delete("notes", id);
  }

  private async rosterChanged(note: OpenNote, change: RosterChange): Promise<void> {
    this.memberCounts.set(note.id, change.members.length);
    // After a rotation the cached copy must be sealed under the new key.
    await cacheNotes(this.db, this.session, [note], this.memberCounts);
    this.publish();
  }

  private async onBackgroundError(error: unknown): Promise<void> {
    if (isProblem(error) && error.status === 401) return this.host.sessionEnded();
    if (isProblem(error))
      this.host.set({ problem: { slug: error.slug, title: error.title, detail: error.detail } });
    else this.host.set({ online: false });
  }

  private publish(): void {
    if (this.stopped) return;
    const notes = this.engine.list().map(({ id, title, tags }) => {
      const note = this.engine.note(id);
      return {
        id,
        title,
        tags,
        role: note?.role ?? "owner",
        shared: (this.memberCounts.get(id) ?? 1) > 1,
        ...listFacts(note),
      };
    });
    this.host.set({ notes });
  }
}
