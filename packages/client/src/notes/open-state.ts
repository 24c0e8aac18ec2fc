// Decrypting a note state (interface.md §2.3) into a live Yjs document: content key
// from wrappedCek (or the master key for legacy notes, §9.9), metadata, snapshot,
// then each update above it in order.
import {
  type NoteMetadata,
  openEnvelope,
  openMetadata,
  openSealedCek,
  type Sodium,
} from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { MissingKeyMaterial } from "../errors";
import type { Session } from "../vault/session";

export interface OpenNote {
  id: string;
  doc: Y.Doc;
  cek: Uint8Array;
  /** Highest update version applied to `doc`. */
  version: number;
  snapshotVersion: number;
  metadata: NoteMetadata;
  role: NoteState["role"];
}

/** Origin of transactions that apply server data, so editors do not send them back. */
export const REMOTE_ORIGIN = Symbol("notes-remote");

export function contentKeyOf(sodium: Sodium, session: Session, state: NoteState): Uint8Array {
  return state.wrappedCek
    ? openSealedCek(sodium, state.wrappedCek, session.keyPair)
    : session.masterKey;
}

export function openState(sodium: Sodium, session: Session, state: NoteState): OpenNote {
  if (!state.snapshot || !state.metadata) {
    throw new MissingKeyMaterial(`note ${state.id} has no snapshot or metadata to open`);
  }
  const cek = contentKeyOf(sodium, session, state);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, openEnvelope(sodium, cek, state.id, state.snapshot), REMOTE_ORIGIN);
  const note: OpenNote = {
    id: state.id,
    doc,
    cek,
    version: state.snapshotVersion,
    snapshotVersion: state.snapshotVersion,
    metadata: openMetadata(sodium, cek, state.id, state.metadata),
    role: state.role,
  };
  applyUpdatesAbove(sodium, note, state);
  return note;
}

/**
 * Applies the updates of `state` that `note` has not seen yet. `state.updates` are the
 * versions snapshotVersion+1 … version, so the first (note.version − snapshotVersion)
 * are already in the document. The caller checks note.version ≥ state.snapshotVersion.
 */
export function applyUpdatesAbove(sodium: Sodium, note: OpenNote, state: NoteState): void {
  const skip = Math.max(0, note.version - state.snapshotVersion);
  const fresh = state.updates.slice(skip);
  if (fresh.length > 0) {
    note.doc.transact(() => {
      for (const envelope of fresh) {
        Y.applyUpdate(note.doc, openEnvelope(sodium, note.cek, note.id, envelope), REMOTE_ORIGIN);
      }
    }, REMOTE_ORIGIN);
  }
  note.version = Math.max(note.version, state.version);
  note.snapshotVersion = state.snapshotVersion;
  if (state.metadata) note.metadata = openMetadata(sodium, note.cek, note.id, state.metadata);
  note.role = state.role;
}
