// The browser vault: owns the session (keys in memory, sealed in IndexedDB) and,
// while signed in, one Notebook (notes, outbox, sync). It publishes a VaultState
// for the UI. Only ciphertext leaves it.
import {
  type Account,
  type ApiClient,
  BridgeLog,
  changePassword,
  createApiClient,
  ensureSigningKeyPublished,
  type Input,
  isProblem,
  keyPinsOf,
  type OpenNote,
  openSignedRevision,
  recover,
  replaceRecoveryKey,
  rosterOf,
  type Session,
  signIn,
  signOut,
  signUp,
  storeRevision,
} from "@notes/client";
import {
  deriveAccountKeys,
  fromBase64,
  loadSodium,
  type NoteMetadata,
  toBase64,
} from "@notes/crypto";
import type { Awareness } from "y-protocols/awareness";
import { BridgeChannel } from "./bridge-channel";
import { storeDeviceToken, storedDeviceToken } from "./device-token-store";
import { recordJourney } from "./journey";
import { carryKeyPins, type KeyPinsCarrier } from "./key-pins-carrier";
import { keepKeyPins } from "./key-pins-store";
import { keepKeyring } from "./keyring-store";
import type { LiveNote } from "./live-note";
import { clearLocalDb, type LocalDb, openLocalDb } from "./local-db";
import type { NoteDeparture } from "./note-departures";
import { NoteHistory } from "./note-history";
import type { NoteSharing } from "./note-sharing";
import { Notebook } from "./notebook";
import { confirmRecoverySaved, markRecoveryUnconfirmed } from "./recovery-reminder";
import type { SearchResults } from "./search/note-search";
import { keepSeenStates } from "./seen-states-store";
import { loadSession, saveSession } from "./stored-session";
import { initialState, type VaultState } from "./vault-state";

const SESSION_ENDED = "Your session ended on this device. Sign in again to continue.";

export class Vault {
  private state: VaultState = initialState;
  private readonly listeners = new Set<() => void>();
  private session: Session | undefined;
  private notebook: Notebook | undefined;
  /** ETag of the account as this tab last saw it (GET/PATCH /v1/account). */
  private accountEtag: string | undefined;
  /** Screens showing the account; the feed's `account` events refresh it only then. */
  private accountWatchers = 0;
  private stopKeyring: (() => void) | undefined;
  private stopKeyPins: (() => void) | undefined;
  private keyPinsCarrier: KeyPinsCarrier | undefined;
  private stopSeenStates: (() => void) | undefined;
  /** Bridge transmissions from the feed, for the Bridge page. */
  readonly bridgeFeed = new BridgeChannel();

  private constructor(
    readonly api: ApiClient,
    private readonly db: LocalDb,
  ) {}

  /** When revisions are stored (premium); the History panel reads them through `api`. */
  readonly history = new NoteHistory({
    store: async (note, base) => {
      await this.notebook?.flushAll();
      return (await storeRevision(this.api, note, base)).base;
    },
    premium: () => (this.state.account?.tier ?? "free") !== "free",
  });

  static async open(baseUrl: string, dbName?: string): Promise<Vault> {
    const api = createApiClient({
      baseUrl,
      deviceToken: storedDeviceToken(),
      onDeviceToken: storeDeviceToken,
    });
    const vault = new Vault(api, await openLocalDb(dbName));
    const session = await loadSession(vault.db);
    if (session) {
      await vault.start(session);
      // A session kept from before signed content: its key may not be published yet.
      void ensureSigningKeyPublished(api, session).catch(() => undefined);
    } else vault.set({ status: "signed-out", notice: await vault.db.get("meta", "notice") });
    addEventListener("pagehide", () => {
      void vault.history.closeAll();
      void vault.notebook?.saveTyped();
    });
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
    // Until the person says they saved it (closing the tab now leaves a reminder).
    markRecoveryUnconfirmed(session.account.id);
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
    await this.history.closeAll();
    await this.notebook?.flushAll();
    const session = this.session;
    // Local state goes first, so a reload mid-way cannot resurrect the session.
    const revoker = createApiClient({ baseUrl: this.api.baseUrl, token: this.api.getToken() });
    await this.forget();
    if (session) await signOut(revoker, session).catch(() => undefined);
  }

  /** Starts a session unlocked elsewhere (passkey sign-in, device link). */
  adopt(session: Session): Promise<void> {
    return this.begin(session);
  }

  /** The unlocked master key, to wrap for a passkey or seal to a new device. */
  masterKey(): Uint8Array {
    return this.requireSession().masterKey;
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await changePassword(this.api, this.requireSession(), { currentPassword, newPassword });
  }

  /** A new recovery code; the old one stops working. Owed a confirmation until saved. */
  async replaceRecoveryKey(password: string): Promise<string> {
    const session = this.requireSession();
    const code = await replaceRecoveryKey(this.api, session, password);
    markRecoveryUnconfirmed(session.account.id);
    return code;
  }

  confirmRecoverySaved(): void {
    if (this.session) confirmRecoverySaved(this.session.account.id);
  }

  // ── notes (the current session's Notebook) ────────────────────────────

  note(id: string): OpenNote | undefined {
    return this.notebook?.note(id);
  }

  /** Why a note that was on this device left it (unshared from this account, deleted). */
  departure(id: string): NoteDeparture | undefined {
    return this.notebook?.departure(id);
  }

  /** The note, opened from the local cache if it is not open yet (just after a reload). */
  openNote(id: string): Promise<OpenNote | undefined> {
    return this.notebook?.openNote(id) ?? Promise.resolve(undefined);
  }

  /** Full-text search over the decrypted notes (the index lives in a worker). */
  search(text: string): Promise<SearchResults> {
    return this.notebook?.find(text) ?? Promise.resolve({ hits: [], tookMs: 0 });
  }

  allNotes(): OpenNote[] {
    return this.notebook?.all() ?? [];
  }

  createNote(metadata: NoteMetadata): Promise<string> {
    return this.requireNotebook().create({ createdAt: new Date().toISOString(), ...metadata });
  }

  setMetadata(id: string, metadata: NoteMetadata): void {
    this.notebook?.setMetadata(id, metadata);
  }

  deleteNote(id: string): Promise<void> {
    return this.requireNotebook().remove(id);
  }

  syncNow(): Promise<void> {
    return this.notebook?.syncNow() ?? Promise.resolve();
  }

  /** Roster operations on the notes of this session. */
  sharing(): NoteSharing {
    return this.requireNotebook().sharing;
  }

  /** One revision of a note, with its signature checked (History's preview). */
  openRevision(note: OpenNote, revision: number) {
    return openSignedRevision(this.api, this.requireSession(), note, revision);
  }

  /** The name this device knows an account by: "you", a handle, or undefined. */
  nameOf(noteId: string, userId: string): string | undefined {
    const session = this.requireSession();
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

  /** This member's view of the bridge (its keys stay in this tab). */
  async bridge(): Promise<BridgeLog> {
    const session = this.requireSession();
    return new BridgeLog(
      this.api,
      await loadSodium(),
      session.keyPair,
      session.account.id,
      keyPinsOf(session),
      session,
    );
  }

  // ── account ───────────────────────────────────────────────────────────

  /**
   * Keeps the account fresh while a screen shows it: the feed announces every profile,
   * tier or usage change, and usage moves with every edit, so nobody else refetches.
   */
  watchAccount(): () => void {
    this.accountWatchers += 1;
    void this.refreshAccount().catch(() => undefined);
    return () => {
      this.accountWatchers -= 1;
    };
  }

  /** Fetches the account and remembers its ETag for the next PATCH. */
  async refreshAccount(): Promise<Account> {
    const { body, headers } = await this.api.send("account.get", {});
    this.setAccount(body, headers.get("etag") ?? undefined);
    return body;
  }

  /**
   * PATCH /v1/account against the version this tab last saw (If-Match), so a change
   * made elsewhere meanwhile is refused (412), not overwritten; the fresh account is
   * then fetched so the person sees what changed.
   */
  async patchAccount(patch: Input<"account.patch">): Promise<Account> {
    if (!this.accountEtag) await this.refreshAccount();
    try {
      const { body, headers } = await this.api.send("account.patch", patch, {
        headers: { "If-Match": this.accountEtag ?? "" },
      });
      this.setAccount(body, headers.get("etag") ?? undefined);
      return body;
    } catch (error) {
      if (isProblem(error, "precondition-failed")) await this.refreshAccount();
      throw error;
    }
  }

  /** Confirms the e-mail with the token the verification mail carries. */
  async verifyEmail(token: string): Promise<Account> {
    const { body, headers } = await this.api.send("account.verifyEmail", { token });
    this.setAccount(body, headers.get("etag") ?? undefined);
    return body;
  }

  private setAccount(account: Account, etag: string | undefined): void {
    const session = this.requireSession();
    session.account = account;
    this.accountEtag = etag;
    this.set({ account });
    void saveSession(this.db, session);
  }

  /** Deletes the account for good after re-deriving the auth key from the password. */
  async deleteAccount(password: string): Promise<void> {
    const session = this.requireSession();
    const salt = fromBase64(session.kdfSalt);
    const keys = await deriveAccountKeys(password, salt, session.kdfIterations);
    await this.api.call("account.remove", { authKey: toBase64(keys.authKey) });
    await this.forget("Your account and all its notes were deleted.");
  }

  // ── lifecycle ─────────────────────────────────────────────────────────

  private requireSession(): Session {
    if (!this.session) throw new Error("signed out");
    return this.session;
  }

  private requireNotebook(): Notebook {
    if (!this.notebook) throw new Error("signed out");
    return this.notebook;
  }

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
    // Before the notes open: the cache needs the keys held before a rotation.
    this.stopKeyring = await keepKeyring(this.db, session);
    // Collaborators' keys seen before: sharing seals to nothing else unless confirmed.
    this.stopKeyPins = await keepKeyPins(this.db, session);
    // …and the account's other devices share them (through the server, sealed).
    this.keyPinsCarrier = carryKeyPins(this.api, session, (userIds) => {
      const held = this.state.keyPinConflicts ?? [];
      if (userIds.length > 0 || held.length > 0) this.set({ keyPinConflicts: userIds });
    });
    // What this browser saw of each note: an older copy served later is refused.
    this.stopSeenStates = await keepSeenStates(this.db, session);
    this.notebook = await Notebook.open(this.api, this.db, session, {
      state: () => this.state,
      set: (patch) => this.set(patch),
      sessionEnded: () => this.endSession(),
      accountChanged: () => {
        this.keyPinsCarrier?.pull();
        if (this.accountWatchers > 0) void this.refreshAccount().catch(() => undefined);
      },
      bridge: (message) => this.bridgeFeed.deliver(message),
    });
    // Ready only once the cached notes are open, so every action has its Notebook.
    this.set({
      status: "ready",
      identifier: session.identifier,
      account: session.account,
      notice: undefined,
    });
  }

  private close(): void {
    this.notebook?.stop();
    this.notebook = undefined;
    this.stopKeyring?.();
    this.stopKeyring = undefined;
    this.stopKeyPins?.();
    this.stopKeyPins = undefined;
    this.keyPinsCarrier?.stop();
    this.keyPinsCarrier = undefined;
    this.stopSeenStates?.();
    this.stopSeenStates = undefined;
    this.session = undefined;
    this.api.setToken(undefined);
  }

  /** Drops everything local (sign-out, account deleted). */
  private async forget(notice?: string): Promise<void> {
    this.close();
    await clearLocalDb(this.db);
    this.set({ ...initialState, status: "signed-out", notice });
  }

  /**
   * The server ended this session (password changed elsewhere, revoked). The keys go;
   * the sealed cache and unsent edits stay, unreadable without them, until the same
   * account signs in again here.
   */
  private async endSession(): Promise<void> {
    this.close();
    await this.db.delete("session", "current");
    await this.db.put("meta", SESSION_ENDED, "notice");
    this.set({ ...initialState, status: "signed-out", notice: SESSION_ENDED });
  }

  private set(patch: Partial<VaultState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
