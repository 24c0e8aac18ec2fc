// Judging a key handout (issue 33, item 1; docs/client-crypto.md, "The signed group
// state"). A wrap is an anonymous sealed box: the server can make one for any public key
// and put its own content key inside. A device therefore takes a new content key from a
// wrap only when the note's owner signed the handout to this account at a roster epoch
// newer than the key it holds, and never goes back to a key the note retired.
import {
  deriveEpochId,
  fromBase64Url,
  type Sodium,
  signHandout,
  verifyHandout,
} from "@notes/crypto";
import type { NoteState } from "../api/types";
import type { HandoutRefusal } from "../errors";
import { sameKey } from "../keys/content-keyring";
import { openWrap } from "../keys/opened-wraps";
import type { Session } from "../vault/session";
import { NoteKeyStates } from "./note-key-states";
import { noteOwnerOf } from "./note-owners";
import { rosterOf } from "./note-rosters";
import { keyPinsOf } from "./pin-check";

export type HandoutVerdict =
  /** A verified handout at a newer epoch: switch to `cek`. */
  | { kind: "adopt"; cek: Uint8Array; epoch: number; keyId: string }
  /** The key held already, wrapped again (`epoch` when a verified handout says so). */
  | { kind: "same"; epoch?: number; keyId: string }
  | { kind: "refuse"; reason: HandoutRefusal };

/** The session's note key states, made empty on first use. */
export function keyStatesOf(session: Session): NoteKeyStates {
  session.keyStates ??= new NoteKeyStates();
  return session.keyStates;
}

/**
 * Whether the note is shared, as this device knows it (issue 33, item 7): the server's
 * `memberCount` can only turn checks on. A member's note is shared whatever the count
 * says, and a note once seen shared stays so.
 */
export function isShared(
  session: Session,
  state: Pick<NoteState, "id" | "memberCount" | "role">,
): boolean {
  const states = keyStatesOf(session);
  if (state.memberCount > 1 || state.role !== "owner") {
    if (state.role !== "revoked") states.markShared(state.id);
    return true;
  }
  return states.get(state.id)?.shared === true;
}

/** Who owns the note, as this device knows it: itself, a first-learned owner, or the roster's. */
export function ownerOf(
  session: Session,
  noteId: string,
  role: NoteState["role"],
): string | undefined {
  if (role === "owner") return session.account.id.toLowerCase();
  return (
    keyStatesOf(session).get(noteId)?.ownerId ??
    noteOwnerOf(session, noteId, role) ??
    rosterOf(session, noteId)?.ownerId
  );
}

/** The owner's signing key as this device knows it (its own, or the pinned one). */
export function ownerSigningKey(session: Session, ownerId: string): Uint8Array | undefined {
  if (ownerId === session.account.id.toLowerCase()) return session.signingKeyPair.publicKey;
  return keyPinsOf(session).get(ownerId)?.signingPublicKey;
}

export interface HeldKeys {
  id: string;
  cek: Uint8Array;
  formerCeks?: Uint8Array[];
  role: NoteState["role"];
}

/** Judges `state`'s wrap against the keys `note` holds. */
export function judgeHandout(
  sodium: Sodium,
  session: Session,
  note: HeldKeys,
  state: NoteState,
): HandoutVerdict {
  const wrap = state.wrappedCek;
  if (wrap === undefined) return { kind: "refuse", reason: "unopenable" };
  let cek: Uint8Array;
  try {
    cek = openWrap(sodium, session, wrap);
  } catch {
    return { kind: "refuse", reason: "unopenable" };
  }
  const keyId = deriveEpochId(sodium, cek);
  const epoch = verifiedHandoutEpoch(sodium, session, state, cek);
  if (sameKey(cek, note.cek)) return { kind: "same", keyId, ...(epoch >= 0 && { epoch }) };
  if ((note.formerCeks ?? []).some((k) => sameKey(k, cek))) {
    return { kind: "refuse", reason: "retired-key" };
  }
  if (state.wrappedCekSignature === undefined || state.wrappedCekEpoch === undefined) {
    return { kind: "refuse", reason: "unsigned" };
  }
  if (epoch === -2) return { kind: "refuse", reason: "unknown-owner" };
  if (epoch < 0) return { kind: "refuse", reason: "forged" };
  const held = keyStatesOf(session).get(note.id)?.epoch ?? -1;
  if (epoch <= held) return { kind: "refuse", reason: "older-epoch" };
  return { kind: "adopt", cek, epoch, keyId };
}

/**
 * The handout's epoch when it verifies under the owner's key; -1 when absent or not
 * valid, -2 when this device cannot tell (owner or owner's key unknown).
 */
export function verifiedHandoutEpoch(
  sodium: Sodium,
  session: Session,
  state: NoteState,
  cek: Uint8Array,
): number {
  const { wrappedCek, wrappedCekSignature: block, wrappedCekEpoch: epoch } = state;
  if (!wrappedCek || block === undefined || epoch === undefined) return -1;
  const ownerId = ownerOf(session, state.id, state.role);
  const key = ownerId && ownerSigningKey(session, ownerId);
  if (!ownerId || !key) return -2;
  const valid = verifyHandout(sodium, ownerId, key, block, {
    noteId: state.id,
    epoch,
    keyId: fromBase64Url(deriveEpochId(sodium, cek)),
    recipientId: session.account.id,
    recipientPublicKey: session.keyPair.publicKey,
    wrappedCek,
  });
  return valid ? epoch : -1;
}

/** The owner's handout of `cek` in `wrappedCek` to `recipient` at `epoch`. */
export function handOut(
  sodium: Sodium,
  session: Session,
  noteId: string,
  epoch: number,
  cek: Uint8Array,
  recipient: { userId: string; publicKey: Uint8Array },
  wrappedCek: string,
): string {
  return signHandout(
    sodium,
    { userId: session.account.id, secretKey: session.signingKeyPair.secretKey },
    {
      noteId,
      epoch,
      keyId: fromBase64Url(deriveEpochId(sodium, cek)),
      recipientId: recipient.userId,
      recipientPublicKey: recipient.publicKey,
      wrappedCek,
    },
  );
}
