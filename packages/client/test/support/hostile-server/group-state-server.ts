// Test support (not exported): one shared note as a server serves it to one member's
// device, with the owner's signed group state (issue 33) and an "evil" switch. `state`
// is what GET /v1/changes and GET /v1/notes/{id} answer; a test replaces it to lie.
// The roster lists the owner (with their keys) and the device's account.
import {
  deriveEpochId,
  fromBase64Url,
  type loadSodium,
  memberKeysDigest,
  type NoteMetadata,
  type RosterMember,
  rosterEntryHash,
  type Signer,
  type Sodium,
  sealEnvelope,
  sealMetadata,
  signRosterEntry,
  toBase64,
} from "@notes/crypto";
import * as Y from "yjs";
import type { NoteState } from "../../../src/api/types";
import { writeText } from "../../../src/notes/text";
import { signEnvelope } from "../../../src/trust/sign-content";
import type { Session } from "../../../src/vault/session";
import { handedOut } from "../handouts";
import type { TestKeyLog } from "../key-log";
import { json } from "../test-fetch";
import { NOTE_ID } from "../test-keys";
import { fakeServer } from "../test-server";

export interface Owner extends Signer {
  sharing: { publicKey: Uint8Array; privateKey: Uint8Array };
  signingPublicKey: Uint8Array;
}

export function owner(
  sodium: Awaited<ReturnType<typeof loadSodium>>,
  userId: string,
  seed: number,
): Owner {
  const signing = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(seed));
  return {
    userId,
    secretKey: signing.privateKey,
    signingPublicKey: signing.publicKey,
    sharing: sodium.crypto_box_seed_keypair(new Uint8Array(32).fill(seed + 1)),
  };
}

/**
 * The note as the owner wrote it under `cek`, with `text`, and the device's wrap handed
 * out by `by` at `epoch` (`by` null: an unsigned wrap, as the server makes one).
 */
export function noteUnder(
  sodium: Sodium,
  device: Session,
  writer: Signer,
  by: Signer | null,
  at: { cek: Uint8Array; epoch: number; text: string; role?: NoteState["role"]; version?: number },
  metadata: NoteMetadata = { title: "Plans", tags: [] },
): NoteState {
  const doc = new Y.Doc();
  writeText(doc, at.text);
  const snapshot = sealEnvelope(sodium, at.cek, NOTE_ID, Y.encodeStateAsUpdate(doc));
  const meta = sealMetadata(sodium, at.cek, NOTE_ID, metadata);
  const recipient = { userId: device.account.id, publicKey: device.keyPair.publicKey };
  const wrap = by
    ? handedOut(sodium, by, NOTE_ID, at.epoch, at.cek, recipient)
    : { wrappedCek: handedOut(sodium, writer, NOTE_ID, 0, at.cek, recipient).wrappedCek };
  return {
    id: NOTE_ID,
    deleted: false,
    memberCount: 2,
    role: at.role ?? "editor",
    seq: (at.version ?? 0) + at.epoch + 1,
    snapshot,
    snapshotSignature: signEnvelope(sodium, writer, "snapshot", NOTE_ID, at.cek, snapshot),
    snapshotVersion: at.version ?? 0,
    updatedAt: new Date(1000).toISOString(),
    updates: [],
    version: at.version ?? 0,
    metadata: meta,
    metadataSignature: signEnvelope(sodium, writer, "metadata", NOTE_ID, at.cek, meta),
    ...wrap,
  };
}

export function groupStateServer(
  first: NoteState,
  ownerOf: Owner,
  device: Session,
  keyLog?: TestKeyLog,
) {
  /** `chain`: the note's roster chain as GET …/roster-chain answers it (empty: never signed). */
  const server = { state: first, chain: [] as { epoch: number; entry: string }[] };
  const members = [
    {
      userId: ownerOf.userId,
      role: "owner",
      publicKey: toBase64(ownerOf.sharing.publicKey),
      signingPublicKey: toBase64(ownerOf.signingPublicKey),
    },
    { userId: device.account.id, role: first.role },
  ];
  const path = `/v1/notes/${NOTE_ID}`;
  const { fetch, seen } = fakeServer(
    {
      "GET /v1/changes": () =>
        json({ changes: [server.state], nextPageToken: "", nextSyncToken: `t${server.state.seq}` }),
      [`GET ${path}`]: () => json(server.state),
      [`GET ${path}/members`]: () => json({ members, nextPageToken: "" }, 200, { ETag: '"r1"' }),
      [`GET ${path}/roster-chain`]: () => json({ entries: server.chain, nextPageToken: "" }),
    },
    keyLog,
  );
  return Object.assign(server, { fetch, seen });
}

/**
 * The owner's signed roster chain (issue 33): one entry per list of members, epochs from
 * 0, each linked to the one before, every member's keys as `keysOf` says, under `cek`.
 */
export function signedChain(
  sodium: Sodium,
  by: Owner,
  cek: Uint8Array,
  rosters: { userId: string; role: RosterMember["role"]; keys: Uint8Array }[][],
): { epoch: number; entry: string }[] {
  let prev = new Uint8Array(32);
  return rosters.map((members, epoch) => {
    const entry = {
      noteId: NOTE_ID,
      epoch,
      prev,
      keyId: fromBase64Url(deriveEpochId(sodium, cek)),
      members,
    };
    const wire = signRosterEntry(sodium, by, entry);
    prev = Uint8Array.from(rosterEntryHash(sodium, wire));
    return { epoch, entry: toBase64(wire) };
  });
}

/** The roster member a chain entry names for `who` (its keys as the owner pinned them). */
export function chainMember(
  sodium: Sodium,
  who: { userId: string; publicKey: Uint8Array; signingPublicKey?: Uint8Array },
  role: RosterMember["role"],
): { userId: string; role: RosterMember["role"]; keys: Uint8Array } {
  return {
    userId: who.userId.toLowerCase(),
    role,
    keys: memberKeysDigest(sodium, who.publicKey, who.signingPublicKey),
  };
}
