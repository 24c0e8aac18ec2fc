// Note creation: a fresh content key sealed to the owner's own public key, the first
// Yjs state as the snapshot, title and tags as sealed metadata. The id is chosen here
// so the envelopes can bind to it before the server has seen anything.
import {
  copyMetadata,
  deriveEpochId,
  fromBase64Url,
  generateKey,
  loadSodium,
  memberKeysDigest,
  type NoteMetadata,
  sealCek,
  signRosterEntry,
  toBase64,
} from "@notes/crypto";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import type { Input } from "../api/types";
import { handOut } from "../trust/key-handouts";
import { clocksOf } from "../trust/served-state";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";
import { newNoteDoc } from "./note-doc";
import type { OpenNote } from "./open-state";
import { sealNoteMetadata, sealSnapshot } from "./seal-content";
import { writeText } from "./text";

export interface CreateNoteInput extends NoteMetadata {
  text?: string;
}

export async function createNote(
  api: ApiClient,
  session: Session,
  input: CreateNoteInput,
): Promise<OpenNote> {
  const { note, body } = await prepareNote(session, input);
  const coordinates = await api.call("notes.create", body);
  note.version = coordinates.version;
  note.snapshotVersion = coordinates.version;
  return note;
}

/**
 * A new note, sealed and ready to send: the open note (version 0) and the body of
 * POST /v1/notes. Offline-first clients store the body and send it later.
 */
export async function prepareNote(
  session: Session,
  input: CreateNoteInput,
): Promise<{ note: OpenNote; body: Input<"notes.create"> }> {
  const sodium = await loadSodium();
  const id = crypto.randomUUID();
  const cek = generateKey(sodium);
  const doc = newNoteDoc(id);
  if (input.text !== undefined) writeText(doc, input.text);
  const metadata: NoteMetadata = copyMetadata(input);
  const signer = signerOf(session);
  const sealable = { id, cek, signer };
  const state = Y.encodeStateAsUpdate(doc);
  const wrappedCek = sealCek(sodium, cek, session.keyPair.publicKey);
  const me = { userId: session.account.id, publicKey: session.keyPair.publicKey };
  // Epoch 0 of the note's group state (issue 33): the owner alone, holding this key.
  const rosterEntry = signRosterEntry(sodium, signer, {
    noteId: id,
    epoch: 0,
    prev: new Uint8Array(32),
    keyId: fromBase64Url(deriveEpochId(sodium, cek)),
    members: [
      {
        userId: me.userId.toLowerCase(),
        role: "owner",
        keys: memberKeysDigest(sodium, me.publicKey, session.signingKeyPair.publicKey),
      },
    ],
  });
  const body = {
    id,
    ...sealSnapshot(sodium, sealable, state),
    ...sealNoteMetadata(sodium, sealable, metadata),
    wrappedCek,
    wrappedCekSignature: handOut(sodium, session, id, 0, cek, me, wrappedCek),
    rosterEntry: toBase64(rosterEntry),
  };
  const note: OpenNote = {
    id,
    doc,
    cek,
    version: 0,
    snapshotVersion: 0,
    metadata,
    role: "owner",
    formerCeks: [],
    wrappedCek: body.wrappedCek,
    signer,
    // The first state, once created, is the server's: a compaction must keep it.
    heldClocks: clocksOf(state),
  };
  session.keyring?.remember(id, cek);
  return { note, body };
}
