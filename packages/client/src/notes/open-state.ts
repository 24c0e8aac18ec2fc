// Decrypting a note state (interface.md §2.3) into a live Yjs document: content key
// from wrappedCek (or the master key for legacy notes, §9.9), metadata, snapshot,
// then each update above it in order. Content is tried under the current key, then
// under the keys held before a rotation (§9.11); what opens only under an older key
// marks the note for re-sealing at its next compaction (the straggler rule), if a
// member still on the note signed it, and is left out otherwise (open-content.ts).
import {
  DecryptionFailed,
  type NoteMetadata,
  openEnvelope,
  openMetadata,
  type Signer,
  type Sodium,
} from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { MissingKeyMaterial, type ServedStateRefused, UpdatesMissing } from "../errors";
import type { Authorship } from "../trust/authorship";
import { isShared } from "../trust/key-handouts";
import { type HeldClocks, heldClocksOf, holdClocks } from "../trust/served-state";
import { signerOf } from "../trust/sign-content";
import { gapsBefore } from "../trust/update-gaps";
import type { Session } from "../vault/session";
import { newNoteDoc } from "./note-doc";
import { adoptContentKey, contentKeyFor, formerKeys } from "./note-keys";
import { type ContentOutcome, openServedPart } from "./open-content";

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
  /**
   * Who signs what this device writes to the note: the session's account and signing
   * key (docs/client-crypto.md, "Signed content"). Set by openState and prepareNote;
   * a note without it writes unsigned content.
   */
  signer?: Signer;
  /** Who signed the content applied here, for a shared note (trust/authorship.ts). */
  authorship?: Authorship;
  /**
   * What the last application of server content left out or found missing (retired-key
   * content, updates missing before others). The SyncEngine moves them into its result.
   */
  warnings?: ServedStateRefused[];
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
  // The served wrap's key only when this device knows nothing against it (issue 33).
  const { cek, refused } = contentKeyFor(sodium, session, state);
  // Legacy notes use the master key itself; it never goes into the ring.
  if (state.wrappedCek) session.keyring?.remember(state.id, cek);
  const formerCeks = formerKeys(cek, session.keyring?.keys(state.id) ?? []);
  const note: OpenNote = {
    id: state.id,
    doc: newNoteDoc(state.id),
    cek,
    version: state.snapshotVersion,
    snapshotVersion: state.snapshotVersion,
    metadata: { title: "", tags: [] },
    role: state.role,
    formerCeks,
    // A refused wrap is not the one this key came from: the next served state is judged again.
    wrappedCek: refused ? undefined : state.wrappedCek,
    updatedAt: state.updatedAt,
    heldClocks: new Map(),
    signer: signerOf(session),
    ...(refused && { warnings: [refused] }),
  };
  const shared = isShared(session, state);
  const opened = openSnapshot(sodium, session, note, shared, state);
  Y.applyUpdate(note.doc, opened.value, REMOTE_ORIGIN);
  holdClocks(heldClocksOf(note), opened.value);
  note.resealDue = opened.former;
  applyUpdatesAbove(sodium, note, state, session);
  return note;
}

/**
 * The served snapshot, opened and judged (open-content.ts). A snapshot refused as
 * retired-key content throws RetiredKeyContent; one this device cannot judge yet (it
 * lacks the roster read under the current key) throws DecryptionFailed, as content no
 * held key opens: both leave the note as held, and a later sync tries again.
 */
export function openSnapshot(
  sodium: Sodium,
  session: Session | undefined,
  note: OpenNote,
  shared: boolean,
  state: NoteState,
): { value: Uint8Array; former: boolean } {
  const envelope = state.snapshot ?? "";
  const outcome = openServedPart(
    sodium,
    session,
    note,
    shared,
    { part: "snapshot", envelope, signature: state.snapshotSignature },
    (k) => openEnvelope(sodium, k, note.id, envelope),
  );
  if (outcome.kind === "refused") throw outcome.error;
  if (outcome.kind === "unsure") {
    throw new DecryptionFailed(`note ${note.id}: a snapshot under a retired key, not judged yet`);
  }
  return outcome;
}

/**
 * Applies the updates of `state` that `note` has not seen yet. `state.updates` are the
 * versions snapshotVersion+1 … version, so the first (note.version − snapshotVersion)
 * are already in the document. The caller checks note.version ≥ state.snapshotVersion.
 * With `session`, a rotated wrap in `state` is adopted first, and what is served is
 * judged (open-content.ts): content refused as a retired key's is left out and reported
 * in `note.warnings`, as is an update that shows others missing before it.
 */
export function applyUpdatesAbove(
  sodium: Sodium,
  note: OpenNote,
  state: NoteState,
  session?: Session,
): void {
  if (session) adoptContentKey(sodium, session, note, state);
  const shared = session ? isShared(session, state) : state.memberCount > 1;
  const skip = Math.max(0, note.version - state.snapshotVersion);
  const fresh = state.updates.slice(skip);
  let reached = Math.max(note.version, state.version);
  // Gaps are judged against clocks this note kept from the start (not a cache without).
  const held = session ? note.heldClocks : undefined;
  const gaps: UpdatesMissing["missing"] = [];
  let refused = false;
  note.unreadableFrom = undefined;
  if (fresh.length > 0) {
    note.doc.transact(() => {
      for (const [i, envelope] of fresh.entries()) {
        const version = state.snapshotVersion + skip + i + 1;
        let outcome: ContentOutcome<Uint8Array>;
        try {
          outcome = openServedPart(
            sodium,
            session,
            note,
            shared,
            { part: "update", envelope, signature: state.updateSignatures?.[skip + i], version },
            (k) => openEnvelope(sodium, k, note.id, envelope),
          );
        } catch {
          // Stop here so `version` stays a gap-free prefix and a later sync retries.
          outcome = { kind: "unsure" };
        }
        if (outcome.kind === "unsure") {
          note.unreadableFrom = version;
          reached = version - 1;
          return;
        }
        if (outcome.kind === "refused") {
          // Left out for good; compacting under the current key prunes it.
          warn(note, outcome.error);
          note.resealDue = true;
          refused = true;
          continue;
        }
        if (outcome.former) note.resealDue = true;
        if (held && !refused) gaps.push(...gapsBefore(held, outcome.value));
        Y.applyUpdate(note.doc, outcome.value, REMOTE_ORIGIN);
        holdClocks(heldClocksOf(note), outcome.value);
      }
    }, REMOTE_ORIGIN);
  }
  if (gaps.length > 0) warn(note, new UpdatesMissing(note.id, gaps));
  note.version = Math.max(note.version, reached);
  note.snapshotVersion = state.snapshotVersion;
  if (!note.updatedAt || state.updatedAt > note.updatedAt) note.updatedAt = state.updatedAt;
  if (state.metadata) {
    const envelope = state.metadata;
    const meta = openServedPart(
      sodium,
      session,
      note,
      shared,
      { part: "metadata", envelope, signature: state.metadataSignature },
      (k) => openMetadata(sodium, k, note.id, envelope),
    );
    if (meta.kind === "refused") warn(note, meta.error);
    if (meta.kind === "open") {
      if (meta.former) note.resealDue = true;
      note.metadata = meta.value;
    }
  }
  // The role is not taken here: it is the owner's decision (trust/signed-role.ts), judged
  // by whoever brings the state in (a sync, refreshNote).
}

/** Adds a warning for the caller to report (SyncEngine moves them into its result). */
function warn(note: OpenNote, warning: ServedStateRefused): void {
  note.warnings = [...(note.warnings ?? []), warning];
}
