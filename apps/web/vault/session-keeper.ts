// The session on this device: begun by sign-up, sign-in, recovery or adoption (a
// passkey, a device link), kept sealed in IndexedDB across reloads, and ended by
// sign-out, account deletion or the server. While it lasts, the keyring and key pins
// are kept, the pins carried to the account's other devices, what this browser saw
// of each note remembered, and the session's Notebook open.
import {
  type ApiClient,
  changePassword,
  recover,
  replaceRecoveryKey,
  type Session,
  signIn,
  signOut,
  signUp,
} from "@notes/client";
import { webApiClient } from "./api-transport";
import { recordJourney } from "./journey";
import { carryKeyPins, type KeyPinsCarrier, sharesNotesHere } from "./key-pins-carrier";

/** The banner's slug while the server withholds the account's pins. */
export const PINS_WITHHELD = "KeyPinsWithheld";

import { keepAccountSeenHeads, SEEN_HEADS_ALERT } from "./account-seen-heads";
import { afterNextPaint } from "./after-pause";
import { forgetLock } from "./app-lock";
import { keepKeyPins } from "./key-pins-store";
import { keepKeyStates } from "./key-states-store";
import { KT_ALERT, watchKeyTransparency } from "./key-transparency-watch";
import { keepKeyring } from "./keyring-store";
import { openSavedHead } from "./list-snapshot";
import { clearLocalDb, type LocalDb } from "./local-db";
import { NoteListView } from "./note-list-view";
import { Notebook } from "./notebook";
import type { NotebookHost } from "./notebook-host";
import { confirmRecoverySaved, markRecoveryUnconfirmed } from "./recovery-reminder";
import { keepSeenStates } from "./seen-states-store";
import { saveSession } from "./stored-session";
import { forgetAllTypedAtExit } from "./typed-at-exit";
import { initialState } from "./vault-state";

const SESSION_ENDED = "Your session ended on this device. Sign in again to continue.";

/** What the keeper needs from its Vault, beyond what its Notebook needs. */
export interface SessionHost extends Omit<NotebookHost, "sessionEnded"> {
  /** Before sign-out sends what it can: revisions due are stored first. */
  beforeSignOut(): Promise<void>;
}

export class SessionKeeper {
  session: Session | undefined;
  notebook: Notebook | undefined;
  private stopKeyring: (() => void) | undefined;
  private stopKeyPins: (() => void) | undefined;
  private keyPinsCarrier: KeyPinsCarrier | undefined;
  private stopSeenStates: (() => void) | undefined;
  private stopKeyStates: (() => void) | undefined;
  private stopKeyTransparency: (() => void) | undefined;
  private stopAccountSeenHeads: (() => void) | undefined;
  /** The Notebook of the session being started (`whenOpen`). */
  private opening: Promise<Notebook | undefined> = Promise.resolve(undefined);

  constructor(
    private readonly api: ApiClient,
    private readonly db: LocalDb,
    private readonly host: SessionHost,
  ) {}

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
    await this.host.beforeSignOut();
    await this.notebook?.flushAll();
    const session = this.session;
    // Local state goes first, so a reload mid-way cannot resurrect the session.
    const revoker = webApiClient({ baseUrl: this.api.baseUrl, token: this.api.getToken() });
    await this.forget();
    if (session) await signOut(revoker, session).catch(() => undefined);
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await changePassword(this.api, this.require(), { currentPassword, newPassword });
  }

  /** A new recovery code; the old one stops working. Owed a confirmation until saved. */
  async replaceRecoveryKey(password: string): Promise<string> {
    const session = this.require();
    const code = await replaceRecoveryKey(this.api, session, password);
    markRecoveryUnconfirmed(session.account.id);
    return code;
  }

  confirmRecoverySaved(): void {
    if (this.session) confirmRecoverySaved(this.session.account.id);
  }

  // ── lifecycle ─────────────────────────────────────────────────────────

  require(): Session {
    if (!this.session) throw new Error("signed out");
    return this.session;
  }

  /** Starts a session unlocked here or elsewhere, with this device's storage made its. */
  async begin(session: Session): Promise<void> {
    // A session still starting here (a reload's, while a sign-in form was used) stops
    // first: nothing of it may run on beside the new one.
    this.close();
    // Another account's cache and outbox are never mixed into this one.
    const previous = await this.db.get("meta", "accountId");
    if (previous !== session.account.id) await clearLocalDb(this.db);
    await this.db.put("meta", session.account.id, "accountId");
    await saveSession(this.db, session);
    await this.db.delete("meta", "notice");
    // A sign-in while locked (say, after a recovery) leaves nothing locked behind.
    await forgetLock(this.db);
    await this.start(session);
  }

  /**
   * The session's Notebook once it is open; undefined when the session ends first, or
   * none is starting. A reload shows its saved list before (status "opening").
   */
  whenOpen(): Promise<Notebook | undefined> {
    return this.notebook ? Promise.resolve(this.notebook) : this.opening;
  }

  /** Starts a session already kept on this device (a reload), or just begun. */
  async start(session: Session): Promise<void> {
    let opened: (notebook: Notebook | undefined) => void = () => undefined;
    this.opening = new Promise((resolve) => {
      opened = resolve;
    });
    try {
      opened(await this.open(session));
    } finally {
      opened(undefined);
    }
  }

  /** `start`'s work: answers the Notebook, or undefined when the session ended meanwhile. */
  private async open(session: Session): Promise<Notebook | undefined> {
    const { api, db, host } = this;
    this.session = session;
    api.setToken(session.token);
    // The session was closed (signed out, ended) while a step below was awaited.
    const closed = () => this.session !== session;
    // The list as last shown needs only the master key: it is read, opened and shown
    // first, and painted before the stores below are read, since opening them is
    // main-thread work the paint would wait behind (issue 35). It is this device's own
    // sealed record, not the server's word; nothing the server sends is applied, and no
    // note is opened or made, until the Notebook opens below with every store read.
    const saved = openSavedHead(db, session);
    const first = await saved.catch(() => undefined);
    if (first && !closed() && host.state().status !== "ready") {
      performance.mark("vault:listed");
      host.set({
        status: "opening",
        identifier: session.identifier,
        account: session.account,
        list: new NoteListView(first.index),
        // A saved list was synced before: no "Fetching notes…" row while the stores load.
        sync: { running: false, applied: 0, firstDone: true },
      });
      await afterNextPaint();
    }
    // The stores below are read at once, each from its own record: none needs another.
    const stops = await Promise.all([
      // Before the notes open: the cache needs the keys held before a rotation.
      keepKeyring(db, session),
      // Collaborators' keys seen before: sharing seals to nothing else unless confirmed.
      keepKeyPins(db, session),
      // What this browser saw of each note: an older copy served later is refused.
      keepSeenStates(db, session),
      // …and what it knows of each note's group state: no retired key or shorter chain later.
      keepKeyStates(db, session),
    ]);
    if (closed()) {
      for (const stop of stops) stop();
      return undefined;
    }
    performance.mark("vault:stores");
    [this.stopKeyring, this.stopKeyPins, this.stopSeenStates, this.stopKeyStates] = stops;
    // …and the account's other devices share them (through the server, sealed).
    this.keyPinsCarrier = carryKeyPins(
      api,
      session,
      (userIds) => {
        const held = host.state().keyPinConflicts ?? [];
        if (userIds.length > 0 || held.length > 0) host.set({ keyPinConflicts: userIds });
      },
      // While the server withholds the account's pins, the banner says so (issue 33, item 4).
      (notice) => {
        const shown = host.state().problem?.slug === PINS_WITHHELD;
        if (notice) host.set({ problem: { slug: PINS_WITHHELD, title: notice } });
        else if (shown) host.set({ problem: undefined });
      },
      // The list this device holds answers it. Before the Notebook, the saved list when
      // it was read whole; else the Notebook's once it lists every note: a new device
      // lists every note's metadata anyway, and a walk of the feed of its own beside it
      // was a second one (200 pages at 100,000 notes, issue 35). Without either (the
      // walk failed or the session ended), the server's feed, walked.
      sharesNotesHere(api, async () => {
        if (!this.notebook) {
          const first = await saved.catch(() => undefined);
          if (first?.complete) return first.index.values();
        }
        return (await this.whenOpen())?.listedWhole();
      }),
    );
    // The account's own keys in the public key log, now and after each new epoch; what
    // the person must know (a key they did not make, a frozen or forked log) at once.
    this.stopKeyTransparency = watchKeyTransparency(api, session, (text) =>
      host.set({ problem: { slug: KT_ALERT, title: text } }),
    );
    // Before the first sync: a browser that saw nothing starts from what the account's
    // other devices saw (issue 33, item 12), and every browser shares what it sees.
    const stopAccountSeenHeads = await keepAccountSeenHeads(api, db, session, (text) =>
      host.set({ problem: { slug: SEEN_HEADS_ALERT, title: text } }),
    );
    if (closed()) {
      stopAccountSeenHeads();
      return undefined;
    }
    this.stopAccountSeenHeads = stopAccountSeenHeads;
    const notebook = await Notebook.open(
      api,
      db,
      session,
      {
        state: () => host.state(),
        set: (patch) => host.set(patch),
        sessionEnded: () => this.end(),
        accountChanged: () => {
          this.keyPinsCarrier?.pull();
          host.accountChanged();
        },
        bridge: (message) => host.bridge(message),
        linkImages: (noteId, ids) => host.linkImages?.(noteId, ids) ?? Promise.resolve([]),
        searchIndexed: () => host.searchIndexed?.(),
      },
      saved,
    );
    if (closed()) {
      notebook.stop();
      return undefined;
    }
    this.notebook = notebook;
    // Ready only once the cached notes are open, so every action has its Notebook.
    performance.mark("vault:ready");
    host.set({
      status: "ready",
      identifier: session.identifier,
      account: session.account,
      notice: undefined,
    });
    return notebook;
  }

  /** Drops everything local (sign-out, account deleted). */
  async forget(notice?: string): Promise<void> {
    this.close();
    await clearLocalDb(this.db);
    forgetAllTypedAtExit();
    this.host.set({ ...initialState, status: "signed-out", notice });
  }

  /**
   * The server ended this session (password changed elsewhere, revoked). The keys go;
   * the sealed cache and unsent edits stay, unreadable without them, until the same
   * account signs in again here.
   */
  private async end(): Promise<void> {
    this.close();
    await this.db.delete("session", "current");
    await this.db.put("meta", SESSION_ENDED, "notice");
    this.host.set({ ...initialState, status: "signed-out", notice: SESSION_ENDED });
  }

  private close(): void {
    this.notebook?.stop();
    this.notebook = undefined;
    // A start still under way answers undefined (its session is closed); a finished one
    // must not hand its stopped Notebook to what asks after.
    this.opening = Promise.resolve(undefined);
    this.stopKeyring?.();
    this.stopKeyring = undefined;
    this.stopKeyPins?.();
    this.stopKeyPins = undefined;
    this.keyPinsCarrier?.stop();
    this.keyPinsCarrier = undefined;
    this.stopSeenStates?.();
    this.stopSeenStates = undefined;
    this.stopKeyStates?.();
    this.stopKeyStates = undefined;
    this.stopKeyTransparency?.();
    this.stopKeyTransparency = undefined;
    this.stopAccountSeenHeads?.();
    this.stopAccountSeenHeads = undefined;
    this.session = undefined;
    this.api.setToken(undefined);
  }
}
