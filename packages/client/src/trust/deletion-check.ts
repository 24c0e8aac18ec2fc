// Judging a tombstone before acting on it (issue 33, item 3). The server marks a note
// deleted, or the caller removed from it, with the same tombstone; either way it is the
// server's word. A device removes a note's content only when the tombstone carries the
// owner's signature over that deletion (deletion-signature.ts), checked under the
// owner's key as this device knows it: its own for its own notes, the pinned one of the
// owner it knows (note-owners.ts) for a note shared with it. Anything else keeps the
// content on the device, set aside with the reason, and the seen state is kept either
// way, marked as left (what a device knows, the server cannot un-know).
import type { Sodium } from "@notes/crypto";
import type { NoteState } from "../api/types";
import type { Session } from "../vault/session";
import { deletionSigner, verifyDeletion } from "./deletion-signature";
import { noteOwnerOf } from "./note-owners";
import { keyPinsOf } from "./pin-check";
import type { SeenState, UnconfirmedReason } from "./seen-states";
import { seenStatesOf } from "./served-state";

export type TombstoneVerdict =
  | { confirmed: true }
  | { confirmed: false; reason: UnconfirmedReason };

type VerifySodium = Pick<Sodium, "crypto_generichash" | "crypto_sign_verify_detached">;

/**
 * Whether `tombstone` is a deletion its owner signed. `role` is this account's role on
 * the note as this device held it (undefined when it did not hold it); `seen` is what it
 * had seen of the note when it asked (a deletion signed at an older version is refused).
 */
export function judgeTombstone(
  sodium: VerifySodium,
  session: Session,
  tombstone: NoteState,
  role: string | undefined,
  seen: SeenState | undefined,
  signedRemoval = false,
): TombstoneVerdict {
  const block = tombstone.deletionSignature;
  if (!block) return confirmRemoval(session, tombstone, signedRemoval);
  const unconfirmed = (reason: UnconfirmedReason): TombstoneVerdict => ({
    confirmed: false,
    reason,
  });
  const signer = deletionSigner(block);
  if (!signer) return unconfirmed("invalid-signature");
  const owner = noteOwnerOf(session, tombstone.id, role);
  if (!owner) return unconfirmed("unknown-owner");
  if (signer !== owner) return unconfirmed("not-the-owner");
  const key =
    owner === session.account.id.toLowerCase()
      ? session.signingKeyPair.publicKey
      : keyPinsOf(session).get(owner)?.signingPublicKey;
  if (!key) return unconfirmed("unknown-owner");
  if (!verifyDeletion(sodium, key, block, tombstone.id, tombstone.version))
    return unconfirmed("invalid-signature");
  if (seen && tombstone.version < seen.version) return unconfirmed("older-than-seen");
  return { confirmed: true };
}

/** Notes this device asked to leave, per session, until their tombstone arrives. */
const departing = new WeakMap<Session, Set<string>>();

/**
 * This device is leaving `noteId` (POST /v1/notes/{id}:leave answered): the tombstone
 * that follows is this account's own act, and is taken. In memory: after a restart in
 * between, the note is set aside instead, and the person discards it.
 */
export function expectDeparture(session: Session, noteId: string): void {
  const ids = departing.get(session) ?? new Set<string>();
  ids.add(noteId.toLowerCase());
  departing.set(session, ids);
}

/** Whether this device asked to leave `noteId` and its tombstone has not come yet. */
export function isDeparting(session: Session, noteId: string): boolean {
  return departing.get(session)?.has(noteId.toLowerCase()) === true;
}

/**
 * A tombstone without a deletion signature is a removal or a leave (or a deletion left
 * unsigned by a client of §9 alone). A leave this device made is confirmed
 * (expectDeparture). A removal is a roster change the owner made: it is confirmed when
 * the owner's verified roster chain no longer lists this account (`signedRemoval`, read
 * by the caller: trust/signed-place.ts). Nothing else confirms it: the content stays on
 * the device, set aside.
 */
export function confirmRemoval(
  session: Session,
  tombstone: NoteState,
  signedRemoval = false,
): TombstoneVerdict {
  if (departing.get(session)?.delete(tombstone.id.toLowerCase())) return { confirmed: true };
  if (signedRemoval && !tombstone.deleted) return { confirmed: true };
  return { confirmed: false, reason: "unsigned" };
}

/**
 * Marks the note as left in its seen state, keeping everything seen of it (versions,
 * metadata, owner). A note never seen here gets no entry: there is nothing to keep.
 */
export function recordDeparture(
  session: Session,
  tombstone: NoteState,
  verdict: TombstoneVerdict,
): void {
  const seen = seenStatesOf(session);
  const held = seen.get(tombstone.id);
  if (!held) return;
  // A confirmed deletion stands: a later tombstone cannot turn it back into doubt.
  if (held.left?.confirmed) return;
  seen.set({
    ...held,
    left: verdict.confirmed
      ? { at: tombstone.updatedAt, confirmed: true }
      : { at: tombstone.updatedAt, confirmed: false, reason: verdict.reason },
  });
}
