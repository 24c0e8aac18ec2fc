// Decrypting a note state (interface.md §2.3) into a live Yjs document: content key
// from wrappedCek (or the master key for legacy notes, §9.9), metadata, snapshot,
// then each update above it in order. Content is tried under the current key, then
// under the keys held before a rotation (§9.11); what opens only under an older key
// marks the note for re-sealing at its next compaction (the straggler rule).
import { type NoteMetadata, openEnvelope, openMetadata, type Sodium } from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { MissingKeyMaterial } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import { type HeldClocks, heldClocksOf, holdClocks } from "../trust/served-state";
import type { Session } from "../vault/session";
import { adoptContentKey, contentKeyOf, formerKeys, keysOf } from "./note-keys";

export interface OpenNote {
  id: string;
  doc: Y.Doc;
  /** The current content key: everything written from here is sealed under it. */
  cek: Uint8Array;
  /** Highest update version applied to `doc`; every version up to it is applied. */
  version: number;
  snapshotVersion: number;
  metadata: NoteMetadata;
  role: NoteState["role"];
  /** Content keys held before `cek`, newest first (§9 rule 11). */
  formerCeks?: Uint8Array[];
  /** The wrap `cek` was opened from; another wrap from the server means a rotation. */
  wrappedCek?: string;
  /**
   * Some content on the server opened only under a former key: the next compactIfDue of
   * an owner or editor re-seals it under `cek` whatever the update count.
   */
  resealDue?: boolean;
  /**
   * Version of the first update no held key opens (sealed under a key this client never
   * held). Updates from there on wait; a later sync retries once someone re-sealed them.
   */
  unreadableFrom?: number;
  /** When the server last saw it change (its NoteState), or this client's own last edit. */
  updatedAt?: string;
  /**
   * Per writer, the Yjs clock reached by server content applied here: a compacted
   * snapshot adopted later must reach it (served-state.ts, issue 21 attack 6). Absent
   * for a note restored from a cache that did not keep it (nothing is checked then).
   */
  heldClocks?: HeldClocks;
}

/** Origin of transactions that apply server data, so editors do not send them back. */
export const REMOTE_ORIGIN = Symbol("notes-remote");

/**
 * Origin of transactions that apply a peer's live-room frame. Editors and durable writers
 * skip it too: the peer appends its own edits through /v1 (contract.md §9 rule 10).
 */
export const LIVE_ORIGIN = Symbol("notes-live");

/** Whether a Yjs transaction origin is someone else's edit (server data or a live frame). */
export function isRemoteOrigin(origin: unknown): boolean {
  return origin === REMOTE_ORIGIN || origin === LIVE_ORIGIN;
}

export function openState(sodium: Sodium, session: Session, state: NoteState): OpenNote {
  const { snapshot, metadata } = state;
  if (!snapshot || !metadata) {
    throw new MissingKeyMaterial(`note ${state.id} has no snapshot or metadata to open`);
  }
  const cek = contentKeyOf(sodium, session, state);
  // Legacy notes use the master key itself; it never goes into the ring.
  if (state.wrappedCek) session.keyring?.remember(state.id, cek);
  const formerCeks = formerKeys(cek, session.keyring?.keys(state.id) ?? []);
  const keys = [cek, ...formerCeks];
  const opened = openWithKeys(keys, (k) => openEnvelope(sodium, k, state.id, snapshot));
  const meta = openWithKeys(keys, (k) => openMetadata(sodium, k, state.id, metadata));
  const doc = new Y.Doc();
  Y.applyUpdate(doc, opened.value, REMOTE_ORIGIN);
  const heldClocks: HeldClocks = new Map();
  holdClocks(heldClocks, opened.value);
  const note: OpenNote = {
    id: state.id,
    doc,
    cek,
    version: state.snapshotVersion,
    snapshotVersion: state.snapshotVersion,
    metadata: meta.value,
    role: state.role,
    formerCeks,
    wrappedCek: state.wrappedCek,
    resealDue: opened.index > 0 || meta.index > 0,
    updatedAt: state.updatedAt,
    heldClocks,
  };
  applyUpdatesAbove(sodium, note, state);
  return note;
}

/**
 * Applies the updates of `state` that `note` has not seen yet. `state.updates` are the
 * versions snapshotVersion+1 … version, so the first (note.version − snapshotVersion)
 * are already in the document. The caller checks note.version ≥ state.snapshotVersion.
 * With `session`, a rotated wrap in `state` is adopted first.
 */
export function applyUpdatesAbove(
  sodium: Sodium,
  note: OpenNote,
  state: NoteState,
  session?: Session,
): void {
  if (session) adoptContentKey(sodium, session, note, state);
  const keys = keysOf(note);
  const skip = Math.max(0, note.version - state.snapshotVersion);
  const fresh = state.updates.slice(skip);
  let reached = Math.max(note.version, state.version);
  note.unreadableFrom = undefined;
  if (fresh.length > 0) {
    note.doc.transact(() => {
      for (const [i, envelope] of fresh.entries()) {
        let opened: { value: Uint8Array; index: number };
        try {
          opened = openWithKeys(keys, (k) => openEnvelope(sodium, k, note.id, envelope));
        } catch {
          // Stop here so `version` stays a gap-free prefix and a later sync retries.
          note.unreadableFrom = state.snapshotVersion + skip + i + 1;
          reached = note.unreadableFrom - 1;
          return;
        }
        if (opened.index > 0) note.resealDue = true;
        Y.applyUpdate(note.doc, opened.value, REMOTE_ORIGIN);
        holdClocks(heldClocksOf(note), opened.value);
      }
    }, REMOTE_ORIGIN);
  }
  note.version = Math.max(note.version, reached);
  note.snapshotVersion = state.snapshotVersion;
  if (!note.updatedAt || state.updatedAt > note.updatedAt) note.updatedAt = state.updatedAt;
  if (state.metadata) {
    const envelope = state.metadata;
    const meta = openWithKeys(keys, (k) => openMetadata(sodium, k, note.id, envelope));
    if (meta.index > 0) note.resealDue = true;
    note.metadata = meta.value;
  }
  note.role = state.role;
}
