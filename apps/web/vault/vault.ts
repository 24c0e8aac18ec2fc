// The browser vault: the one object the UI holds. It publishes a VaultState for the
// screens and hands them each concern by name: the session (session-keeper.ts: keys
// in memory, sealed in IndexedDB, and while signed in one Notebook of notes, outbox
// and sync), the account, billing, sessions, device links, the bridge, revisions and
// feedback, so no screen calls the API itself. Only ciphertext leaves it.

import {
  type Account,
  type ApiClient,
  ensureSigningKeyPublished,
  type Input,
  type KeptPasskeyWrap,
  type OpenNote,
  rosterOf,
  type SeenState,
  type Session,
  storeRevision,
} from "@notes/client";
import type { NoteMetadata } from "@notes/crypto";
import type { Awareness } from "y-protocols/awareness";
import { AccountRecord } from "./account-record";
import { AccountSessions } from "./account-sessions";
import { webApiClient } from "./api-transport";
import {
  announceLock,
  canLock,
  forgetPasskeyWrap,
  keepPasskeyWrap,
  lockedRecord,
  lockSession,
  onLockElsewhere,
  passkeyWraps,
  unlockWithPasskeyHere,
  unlockWithPassword,
} from "./app-lock";
import { Billing } from "./billing";
import { DeviceLinks } from "./device-links";
import { storeDeviceToken, storedDeviceToken } from "./device-token-store";
import { Feedback } from "./feedback";
import { type Journey, recordJourney, recordTourEvent, type TourEvent } from "./journey";
import type { LiveNote } from "./live-note";
import { type LocalDb, openLocalDb } from "./local-db";
import { MemberBridge } from "./member-bridge";
import { NoteAttachments } from "./note-attachments";
import type { NoteDeparture } from "./note-departures";
import { NoteHistory } from "./note-history";
import type { Backlink } from "./note-links";
import type { NoteSharing } from "./note-sharing";
import type { Notebook } from "./notebook";
import { RevisionReader } from "./revision-reader";
import type { SearchResults } from "./search/note-search";
import { SessionKeeper } from "./session-keeper";
import type { NoteLinks } from "./share-links";
import { loadSession, saveSession } from "./stored-session";
import { initialState, type VaultState } from "./vault-state";

/** The banner's slug when this device's stores for the session did not open. */
const START_FAILED = "VaultStartFailed";
const START_FAILED_TEXT =
  "This device's copy of your notes could not be opened. Reload the page to try again.";

export class Vault {
  private state: VaultState = initialState;
  private readonly listeners = new Set<() => void>();
  private readonly searchListeners = new Set<() => void>();
  private readonly keeper: SessionKeeper;
  /** The account as this tab knows it (its ETag, refreshed while a screen shows it). */
  readonly account: AccountRecord;
  readonly billing: Billing;
  readonly sessions: AccountSessions;
  readonly deviceLinks: DeviceLinks;
  readonly bridge: MemberBridge;
  readonly revisions: RevisionReader;
  readonly feedback: Feedback;
  /** When revisions are stored (premium); `revisions` reads them. */
  readonly history: NoteHistory;
  /** Files in notes: uploads (resumed after a reload) and downloads (issue 36). */
  readonly attachments: NoteAttachments;

  private constructor(
    readonly api: ApiClient,
    private readonly db: LocalDb,
  ) {
    const session = () => this.keeper.require();
    this.account = new AccountRecord(api, (account) => {
      session().account = account;
      this.set({ account });
      void saveSession(db, session());
    });
    this.keeper = new SessionKeeper(api, db, {
      state: () => this.state,
      set: (patch) => this.set(patch),
      accountChanged: () => this.account.changed(),
      bridge: (message) => this.bridge.feed.deliver(message),
      linkImages: (noteId, ids) => this.attachments.linkImages(noteId, ids),
      searchIndexed: () => {
        for (const listener of this.searchListeners) listener();
      },
      beforeSignOut: async () => {
        await this.attachments.forget();
        await this.history.closeAll();
      },
    });
    this.billing = new Billing(api, () => this.account.refresh());
    this.sessions = new AccountSessions(api);
    this.deviceLinks = new DeviceLinks(api, this);
    this.bridge = new MemberBridge(api, session);
    this.revisions = new RevisionReader(api, session);
    this.feedback = new Feedback(api);
    this.attachments = new NoteAttachments({
      api,
      note: (id) => this.note(id),
      openNote: (id) => this.openNote(id),
      masterKey: () => this.masterKey(),
    });
    this.history = new NoteHistory({
      store: async (note, base) => {
        await this.notebook?.flushAll();
        return (await storeRevision(api, note, base)).base;
      },
      premium: () => (this.state.account?.tier ?? "free") !== "free",
    });
  }

  static async open(baseUrl: string, dbName?: string): Promise<Vault> {
    const api = webApiClient({
      baseUrl,
      deviceToken: storedDeviceToken(),
      onDeviceToken: storeDeviceToken,
    });
    // The start's phases as user-timing marks (DevTools' Timings track; `BENCH_ONLY=reload
    // pnpm bench:web` prints them): vault:start, vault:db, vault:session, vault:stores, vault:ready.
    performance.mark("vault:start");
    const vault = new Vault(api, await openLocalDb(dbName));
    performance.mark("vault:db");
    const session = await loadSession(vault.db);
    performance.mark("vault:session");
    const locked = session ? undefined : await lockedRecord(vault.db);
    if (locked) vault.set({ status: "locked", identifier: locked.identifier });
    else if (session) {
      // Not awaited: the screens mount while the session's stores are read, and a reload
      // shows the saved list before they are (status "opening", issue 35).
      void vault.keeper.start(session).then(
        () => {
          // The signing key the server holds must be this account's (ForeignSigningKey
          // otherwise); a missing one is published at the next password sign-in, since
          // publishing needs the password's auth key (issue 33, item 9).
          void ensureSigningKeyPublished(api, session).catch(() => undefined);
          void vault.attachments.resumePending().catch(() => undefined);
        },
        // This device's stores did not open: said, not left as an endless "Opening…".
        () => vault.set({ problem: { slug: START_FAILED, title: START_FAILED_TEXT } }),
      );
    } else vault.set({ status: "signed-out", notice: await vault.db.get("meta", "notice") });
    // Another tab locked the app: this one drops its keys the same way (a reload); one
    // unlocked it: this one opens the session it stored (a reload too).
    onLockElsewhere((event) => {
      const status = vault.state.status;
      if (
        (event === "locked" && (status === "ready" || status === "opening")) ||
        (event === "unlocked" && status === "locked")
      )
        location.reload();
    });
    // An upload the connection cut off goes on when the browser is back online.
    addEventListener("online", () => void vault.attachments.resumePending().catch(() => undefined));
    addEventListener("pagehide", () => {
      void vault.history.closeAll();
      vault.notebook?.saveTypedAtExit();
    });
    return vault;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): VaultState => this.state;

  /** An anonymous journey event (counted by day, no identifier); never in the way. */
  recordJourney(journey: Journey, step: "start" | "complete"): void {
    recordJourney(this.api, journey, step);
  }

  /** An anonymous tour counter, sent without the session token. */
  recordTourEvent(event: TourEvent): void {
    recordTourEvent(this.api, event);
  }

  // ── the session (session-keeper.ts) ───────────────────────────────────

  /** Signs up; answers the recovery code, owed a confirmation until saved. */
  signUp(identifier: string, password: string): Promise<string> {
    return this.keeper.signUp(identifier, password);
  }

  signIn(identifier: string, password: string): Promise<void> {
    return this.keeper.signIn(identifier, password);
  }

  recover(identifier: string, recoveryCode: string, newPassword: string): Promise<void> {
    return this.keeper.recover(identifier, recoveryCode, newPassword);
  }

  /** Sends what it can, forgets everything local, then ends the session on the server. */
  signOut(): Promise<void> {
    return this.keeper.signOut();
  }

  // ── the app lock (app-lock.ts) ────────────────────────────────────────

  /** Whether this session can be locked (it knows the password's wrap of its key). */
  canLock(): boolean {
    return canLock(this.keeper.session);
  }

  /**
   * Seals what was typed, seals the session for the password, and reloads this tab and
   * every other of this app: a fresh page holds no key. Sync pauses until unlocked.
   */
  async lock(): Promise<void> {
    const session = this.keeper.session;
    if (!canLock(session) || !session) return;
    await this.notebook?.saveTyped();
    await lockSession(this.db, session);
    announceLock();
    location.reload();
  }

  /** Unlocks with the password, here, without the server; false when it is not right. */
  async unlock(password: string): Promise<boolean> {
    const session = await unlockWithPassword(this.db, password);
    if (!session) return false;
    await this.keeper.start(session);
    announceLock("unlocked");
    return true;
  }

  /** Whether a passkey of this device can unlock it (one was enrolled or used here). */
  async canUnlockWithPasskey(): Promise<boolean> {
    return (await passkeyWraps(this.db)).length > 0;
  }

  /** Unlocks with a passkey of this device (a local assertion); throws if cancelled. */
  async unlockWithPasskey(): Promise<boolean> {
    const session = await unlockWithPasskeyHere(this.db);
    if (!session) return false;
    await this.keeper.start(session);
    announceLock("unlocked");
    return true;
  }

  /** Keeps a passkey's wrap of the master key, to unlock the app lock with it. */
  keepPasskeyWrap(wrap: KeptPasskeyWrap): Promise<void> {
    return keepPasskeyWrap(this.db, wrap);
  }

  forgetPasskeyWrap(credentialId: string): Promise<void> {
    return forgetPasskeyWrap(this.db, credentialId);
  }

  /** Starts a session unlocked elsewhere (passkey sign-in, device link). */
  adopt(session: Session): Promise<void> {
    return this.keeper.begin(session);
  }

  /** The unlocked master key, to wrap for a passkey or seal to a new device. */
  masterKey(): Uint8Array {
    return this.keeper.require().masterKey;
  }

  /** What this browser saw of each note (its seen states), to seal to a new device. */
  seenStates(): readonly SeenState[] {
    return this.keeper.require().seenStates?.all() ?? [];
  }

  changePassword(currentPassword: string, newPassword: string): Promise<void> {
    return this.keeper.changePassword(currentPassword, newPassword);
  }

  /** A new recovery code; the old one stops working. */
  replaceRecoveryKey(password: string): Promise<string> {
    return this.keeper.replaceRecoveryKey(password);
  }

  confirmRecoverySaved(): void {
    this.keeper.confirmRecoverySaved();
  }

  /** Deletes the account for good after re-deriving the auth key from the password. */
  async deleteAccount(password: string): Promise<void> {
    await this.account.remove(this.keeper.require(), password);
    await this.keeper.forget("Your account and all its notes were deleted.");
  }

  // ── the account (account-record.ts) ───────────────────────────────────

  watchAccount(): () => void {
    return this.account.watch();
  }

  refreshAccount(): Promise<Account> {
    return this.account.refresh();
  }

  patchAccount(patch: Input<"account.patch">): Promise<Account> {
    return this.account.patch(patch);
  }

  verifyEmail(token: string): Promise<Account> {
    return this.account.verifyEmail(token);
  }

  // ── notes (the session's Notebook) ────────────────────────────────────

  private get notebook(): Notebook | undefined {
    return this.keeper.notebook;
  }

  private requireNotebook(): Notebook {
    if (!this.notebook) throw new Error("signed out");
    return this.notebook;
  }

  /**
   * The Notebook once open: at once when the status is "ready", after the session's
   * stores are read when it is "opening" (a reload's saved list is shown meanwhile).
   */
  private whenOpen(): Promise<Notebook | undefined> {
    return this.keeper.whenOpen();
  }

  private async requireOpen(): Promise<Notebook> {
    const notebook = await this.whenOpen();
    if (!notebook) throw new Error("signed out");
    return notebook;
  }

  note(id: string): OpenNote | undefined {
    return this.notebook?.note(id);
  }

  /** The notes on this device that link to `id` (note-links.ts), read where they rest. */
  async backlinks(id: string): Promise<Backlink[]> {
    return (await this.whenOpen())?.backlinks(id) ?? [];
  }

  /** Why a note that was on this device left it (unshared from this account, deleted). */
  departure(id: string): NoteDeparture | undefined {
    return this.notebook?.departure(id);
  }

  /** The note, opened from the local cache if it is not open yet (just after a reload). */
  async openNote(id: string): Promise<OpenNote | undefined> {
    return (await this.whenOpen())?.openNote(id);
  }

  /** Full-text search over the decrypted notes (the index lives in a worker). */
  async search(text: string): Promise<SearchResults> {
    return (await this.whenOpen())?.find(text) ?? { hits: [], total: 0, capped: false, tookMs: 0 };
  }

  /** Told whenever the search index changes (results on screen may be out of date). */
  onSearchIndexed(listener: () => void): () => void {
    this.searchListeners.add(listener);
    return () => this.searchListeners.delete(listener);
  }

  /** Every note on this device (export): read from the cache where they rest. */
  async allNotes(): Promise<OpenNote[]> {
    return (await this.whenOpen())?.all() ?? [];
  }

  async createNote(metadata: NoteMetadata): Promise<string> {
    const notebook = await this.requireOpen();
    return notebook.create({ createdAt: new Date().toISOString(), ...metadata });
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    this.notebook?.setMetadata(id, metadata);
  }

  async deleteNote(id: string): Promise<void> {
    return (await this.requireOpen()).remove(id);
  }

  /**
   * A note set aside (removed by the server, not confirmed by its owner: issue 33) as a
   * new note of this account's; answers its id. The set-aside copy goes.
   */
  restoreSetAside(id: string): Promise<string | undefined> {
    return this.requireNotebook().shelf.restoreAsNew(id);
  }

  /** A set-aside note as Markdown, to download. */
  setAsideMarkdown(id: string): { fileTitle: string; text: string } | undefined {
    return this.notebook?.shelf.markdown(id);
  }

  /** Lets a set-aside note go from this device. */
  discardSetAside(id: string): Promise<void> {
    return this.requireNotebook().shelf.discard(id);
  }

  async syncNow(): Promise<void> {
    await (await this.whenOpen())?.syncNow();
  }

  /** Roster operations on the notes of this session. */
  sharing(): NoteSharing {
    return this.requireNotebook().sharing;
  }

  /** Share links of this account's notes (issue 37). */
  links(): NoteLinks {
    return this.requireNotebook().links;
  }

  /** Takes the banner's problem down (the person acted on it). */
  clearProblem(): void {
    this.set({ problem: undefined });
  }

  /** The name this device knows an account by: "you", a handle, or undefined. */
  nameOf(noteId: string, userId: string): string | undefined {
    const session = this.keeper.require();
    if (userId === session.account.id) return "you";
    return rosterOf(session, noteId)?.names.get(userId.toLowerCase());
  }

  /** The note's presence state (cursors), shared by its editor and live room. */
  awareness(id: string): Awareness | undefined {
    return this.notebook?.awareness(id);
  }

  /** Joins a shared note's live room while it is open; call leave() on the answer. */
  joinRoom(id: string, awareness: Awareness): LiveNote | undefined {
    return this.notebook?.joinRoom(id, awareness);
  }

  private set(patch: Partial<VaultState>): void {
    // Whichever way the session ended, its account's ETag goes with it.
    if (patch.status === "signed-out") this.account.forget();
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
