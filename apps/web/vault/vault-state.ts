// What the UI renders from: a plain immutable snapshot the Vault replaces on every
// change (React reads it through useSyncExternalStore).
import type {
  Account,
  ConnectionState,
  NotOpenedReason,
  OpenNote,
  UnconfirmedReason,
} from "@notes/client";
import { NoteIndex } from "./note-index";
import { NoteListView } from "./note-list-view";

export interface NoteListItem {
  id: string;
  title: string;
  tags: string[];
  /** This account's role; a viewer's editor is read-only. */
  role: OpenNote["role"];
  /** More than one member (owner included) can open it. */
  shared: boolean;
  pinned?: boolean;
  /** The notebook it is in, outermost first (sealed metadata, vault/notebooks.ts). */
  notebook?: string[];
  /** In the trash since (ISO 8601); such notes show only in the trash. */
  trashedAt?: string;
  createdAt?: string;
  /** Last write (ISO 8601), when known. */
  updatedAt?: string;
}

/**
 * A note a tombstone would have removed without its owner's signature (issue 33, item
 * 3): its content stays on this device, shown in the Trash, to restore or discard.
 */
export interface SetAsideItem {
  id: string;
  title: string;
  reason: UnconfirmedReason;
  /** When the server says it was deleted or this account removed (ISO 8601). */
  at: string;
}

/**
 * A note the syncs could not open, or whose served copy was older than this device saw
 * (issue 33, item 13). While any stands, the sync status never says all is synced.
 */
export interface NoteWarning {
  id: string;
  reason: NotOpenedReason | "older-copy" | "key-refused" | "role-refused";
  /** The title this device holds, when it held the note (it keeps what it had). */
  title?: string;
}

export interface ProblemView {
  slug: string;
  title: string;
  detail?: string;
}

export interface VaultState {
  /**
   * "locked": the app lock holds the session sealed; only the lock screen shows.
   * "opening": a reload's list as this device last saved it is shown while the session's
   * stores are read; the Notebook (sync, opening and making notes) is not open yet, and
   * what needs it waits (Vault.whenOpen). "ready": the Notebook is open.
   */
  status: "loading" | "signed-out" | "opening" | "ready" | "locked";
  identifier?: string;
  account?: Account;
  /** The notes list: counts and windows of rows of a sorted index (note-list-view.ts). */
  list: NoteListView;
  online: boolean;
  /** Edits stored locally and not yet acknowledged by the server. */
  pending: number;
  /** Edits typed in the last moment, not yet sealed into the outbox. */
  unsaved: boolean;
  sync: { running: boolean; applied: number; firstDone: boolean };
  /** The change feed's connection: "live" means changes arrive as they happen. */
  feed: ConnectionState;
  /** The last refusal from background work (an edit the server would not take). */
  problem?: ProblemView;
  /** A calm one-line message, e.g. why the session ended. */
  notice?: string;
  /**
   * People another of this account's devices pinned with a different key than this
   * one did (key-pins-carrier.ts): one of the two was handed a substituted key.
   */
  keyPinConflicts?: readonly string[];
  /** Notes set aside: removed by the server, not confirmed by their owner. */
  setAside?: readonly SetAsideItem[];
  /** Notes that could not be opened, with why; cleared once they open. */
  noteWarnings?: readonly NoteWarning[];
}

export const initialState: VaultState = {
  status: "loading",
  list: new NoteListView(new NoteIndex()),
  online: true,
  pending: 0,
  unsaved: false,
  sync: { running: false, applied: 0, firstDone: false },
  feed: "offline",
};
