// The browser vault: one object that owns the session, the local ciphertext cache,
// the outbox and the sync loop, and publishes a VaultState for the UI. Keys stay in
// this object's memory (and, sealed, in IndexedDB); only ciphertext leaves it.
import {
  type Account,
  type ApiClient,
  changePassword,
  compactIfDue,
  createApiClient,
  isProblem,
  type OpenNote,
  recover,
  type Session,
  SyncEngine,
  signIn,
  signOut,
  signUp,
} from "@notes/client";
import {
  deriveAccountKeys,
  fromBase64,
  generateKey,
  loadSodium,
  type NoteMetadata,
  sealCek,
  sealEnvelope,
  sealMetadata,
  toBase64,
} from "@notes/crypto";
import * as Y from "yjs";
import { recordJourney } from "./journey";
import { clearLocalDb, type LocalDb, openLocalDb } from "./local-db";
import { cacheNotes, loadCachedNotes } from "./note-cache";
import { NoteWriter, type SealedEdit } from "./note-writer";
import { enqueue, flushOutbox, pendingCount } from "./outbox";
import { loadSession, saveSession } from "./stored-session";
import { initialState, type VaultState } from "./vault-state";

const SYNC_EVERY_MS = 4_000;

export class Vault {
  private state: VaultState = initialState;
  private readonly listeners = new Set<() => void>();
  private session: Session | undefined;
  private engine: SyncEngine | undefined;
  private readonly writer = new NoteWriter(
    (edits) => this.storeEdits(edits),
    (unsaved) => {
      if (unsaved !== this.state.unsaved) this.set({ unsaved });
    },
  );
  private syncing: Promise<void> | undefined;
  private flushing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  private constructor(
    readonly api: ApiClient,
    private readonly db: LocalDb,
  ) {}

  static async open(baseUrl: string, dbName?: string): Promise<Vault> {
    const vault = new Vault(createApiClient({ baseUrl }), await openLocalDb(dbName));
    const session = await loadSession(vault.db);
    if (session) await vault.start(session);
    else vault.set({ status: "signed-out", notice: await vault.db.get("meta", "notice") });
    addEventListener("pagehide", () => void vault.writer.flush());
    return vault;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): VaultState => this.state;

  // ── sign-up, sign-in, recovery, sign-out ──────────────────────────────

  async signUp(identifier: string, password: string): Promise<string> {
    const { session, recoveryCode } = await signUp(this.api, { identifier, password });
    await this.begin(session);
    return recoveryCode;
  }

  async signIn(identifier: string, password: string): Promise<void> {
    await this.begin(await signIn(this.api, { identifier, password }));
  }

  async recover(identifier: string, recoveryCode: string, newPassword: string): Promise<void> {
    recordJourney(this.api, "recover", "start");
    await this.begin(await recover(this.api, { identifier, recoveryCode, newPassword }));
    recordJourney(this.api, "recover", "complete");
  }

  /** Sends what it can, forgets everything local, then ends the session on the server. */
  async signOut(): Promise<void> {
    await this.writer.flush();
    await this.flush();
    const session = this.session;
    // Local state goes first, so a reload mid-way cannot resurrect the session.
    const revoker = createApiClient({ baseUrl: this.api.baseUrl, token: this.api.getToken() });
    await this.forget();
    if (session) await signOut(revoker, session).catch(() => undefined);
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await changePassword(this.api, this.requireSession(), { currentPassword, newPassword });
  }

  // ── notes ─────────────────────────────────────────────────────────────

  note(id: string): OpenNote | undefined {
    return this.engine?.note(id);
  }

  async createNote(metadata: NoteMetadata): Promise<string> {
    const session = this.requireSession();
    const sodium = await loadSodium();
    const id = crypto.randomUUID();
    const cek = generateKey(sodium);
    const doc = new Y.Doc();
    const note: OpenNote = {
      id,
      doc,
      cek,
      version: 0,
      snapshotVersion: 0,
      metadata,
      role: "owner",
    };
    const body = {
      id,
      snapshot: sealEnvelope(sodium, cek, id, Y.encodeStateAsUpdate(doc)),
      metadata: sealMetadata(sodium, cek, id, metadata),
      wrappedCek: sealCek(sodium, cek, session.keyPair.publicKey),
    };
    this.engine?.track(note);
    this.writer.watch(note);
    await enqueue(this.db, { kind: "create", noteId: id, body });
    await cacheNotes(this.db, session, [note]);
    this.publishNotes();
    void this.flush();
    return id;
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    const note = this.note(id);
    if (!note) return;
    this.writer.setMetadata(note, metadata);
    if (metadata.tags.length > 0) recordJourney(this.api, "organise", "complete");
    this.publishNotes();
  }

  async deleteNote(id: string): Promise<void> {
    this.writer.drop(id);
    this.engine?.untrack(id);
    await this.db.delete("notes", id);
    await enqueue(this.db, { kind: "delete", noteId: id });
    this.publishNotes();
    void this.flush();
  }

  /** Every note the vault holds, for export. */
  allNotes(): OpenNote[] {
    const engine = this.engine;
    if (!engine) return [];
    return engine.list().flatMap((s) => engine.note(s.id) ?? []);
  }

  // ── account ───────────────────────────────────────────────────────────

  async refreshAccount(): Promise<{ account: Account; etag: string }> {
    const { body, headers } = await this.api.send("account.get", {});
    this.set({ account: body });
    return { account: body, etag: headers.get("etag") ?? "" };
  }

  setAccount(account: Account): void {
    const session = this.requireSession();
    session.account = account;
    this.set({ account });
    void saveSession(this.db, session);
  }

  /** Deletes the account for good after re-deriving the auth key from the password. */
  async deleteAccount(password: string): Promise<void> {
    const session = this.requireSession();
    const keys = await deriveAccountKeys(
      password,
      fromBase64(session.kdfSalt),
      session.kdfIterations,
    );
    await this.api.call("account.remove", { authKey: toBase64(keys.authKey) });
    await this.forget("Your account and all its notes were deleted.");
  }

  requireSession(): Session {
    if (!this.session) throw new Error("signed out");
    return this.session;
  }

  /** Drops everything local after the account was deleted. */
  async forget(notice?: string): Promise<void> {
    this.stop();
    this.session = undefined;
    this.engine = undefined;
    this.api.setToken(undefined);
    await clearLocalDb(this.db);
    this.set({ ...initialState, status: "signed-out", notice });
  }

  // ── sync and outbox ───────────────────────────────────────────────────

  /** Sends queued edits, then pulls changes; one run at a time. */
  syncNow(): Promise<void> {
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    const engine = this.engine;
    const session = this.session;
    if (!engine || !session) return;
    await this.flush();
    const first = !engine.synced;
    if (first) recordJourney(this.api, "sync", "start");
    this.set({ sync: { ...this.state.sync, running: true, applied: 0 } });
    try {
      const result = await engine.syncOnce((applied) =>
        this.set({ sync: { ...this.state.sync, applied } }),
      );
      const changed = result.changed.flatMap((id) => engine.note(id) ?? []);
      for (const note of changed) this.writer.watch(note);
      await cacheNotes(this.db, session, changed);
      for (const id of result.removed) await this.db.delete("notes", id);
      if (engine.token) await this.db.put("meta", engine.token, "syncToken");
      if (first) recordJourney(this.api, "sync", "complete");
      this.set({ online: true, sync: { running: false, applied: 0, firstDone: true } });
      this.publishNotes();
    } catch (error) {
      this.set({ sync: { ...this.state.sync, running: false } });
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
      this.set({ online: navigator.onLine && pending === 0, pending });
    else this.set({ online: true, pending });
    if (outcome.state === "refused") await this.onBackgroundError(outcome.problem);
  }

  private async storeEdits(edits: SealedEdit[]): Promise<void> {
    const session = this.session;
    if (!session) return;
    for (const edit of edits) {
      await enqueue(this.db, {
        kind: "append",
        noteId: edit.note.id,
        updateCount: edit.updateCount,
        body: edit.body,
      });
    }
    await cacheNotes(
      this.db,
      session,
      edits.map((e) => e.note),
    );
    this.set({ pending: await pendingCount(this.db) });
    void this.flush();
  }

  private async onBackgroundError(error: unknown): Promise<void> {
    if (isProblem(error) && error.status === 401) {
      await this.endSession();
      return;
    }
    if (isProblem(error)) {
      this.set({ problem: { slug: error.slug, title: error.title, detail: error.detail } });
    } else {
      this.set({ online: false });
    }
  }

  /**
   * The server ended this session (password changed elsewhere, revoked). The keys go;
   * the sealed cache and unsent edits stay, unreadable without them, until the same
   * account signs in again here.
   */
  private async endSession(): Promise<void> {
    this.stop();
    this.session = undefined;
    this.engine = undefined;
    this.api.setToken(undefined);
    const notice = "Your session ended on this device. Sign in again to continue.";
    await this.db.delete("session", "current");
    await this.db.put("meta", notice, "notice");
    this.set({ ...initialState, status: "signed-out", notice });
  }

  // ── lifecycle ─────────────────────────────────────────────────────────

  private async begin(session: Session): Promise<void> {
    // Another account's cache and outbox are never mixed into this one.
    const previous = await this.db.get("meta", "accountId");
    if (previous !== session.account.id) await clearLocalDb(this.db);
    await this.db.put("meta", session.account.id, "accountId");
    await saveSession(this.db, session);
    await this.db.delete("meta", "notice");
    await this.start(session);
  }

  private async start(session: Session): Promise<void> {
    this.session = session;
    this.api.setToken(session.token);
    const token = await this.db.get("meta", "syncToken");
    const engine = new SyncEngine(this.api, session, token);
    for (const note of await loadCachedNotes(this.db, session)) {
      engine.track(note);
      this.writer.watch(note);
    }
    this.engine = engine;
    this.set({
      status: "ready",
      identifier: session.identifier,
      account: session.account,
      pending: await pendingCount(this.db),
      notice: undefined,
      sync: { running: false, applied: 0, firstDone: token !== undefined },
    });
    this.publishNotes();
    this.run();
  }

  private run(): void {
    this.stop();
    void this.syncNow();
    this.timer = setInterval(() => void this.syncNow(), SYNC_EVERY_MS);
    addEventListener("online", this.onOnline);
    addEventListener("offline", this.onOffline);
  }

  private stop(): void {
    clearInterval(this.timer);
    removeEventListener("online", this.onOnline);
    removeEventListener("offline", this.onOffline);
  }

  private readonly onOnline = () => {
    this.set({ online: true });
    void this.syncNow();
  };

  private readonly onOffline = () => this.set({ online: false });

  private publishNotes(): void {
    const notes = (this.engine?.list() ?? []).map(({ id, title, tags }) => ({ id, title, tags }));
    this.set({ notes });
  }

  private set(patch: Partial<VaultState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
