// Before served content of a note is judged (open-content.ts), fetch what judging it
// needs and this device lacks: the roster, which carries the members' keys (pinned on
// first use) and says who is still on the note. It is read when the content names a
// signer whose signing key is not pinned here, or when the note's key was rotated and
// this device has not read the roster under the current key (retired-keys.ts), or when
// a member's note carries an owner's key handout and this device does not know the owner
// yet (issue 33). Most notes need none of these: unshared, never rotated, or known.
import type { ApiClient } from "../api/client";
import type { NoteState } from "../api/types";
import { isShared, keyStatesOf } from "../trust/key-handouts";
import { rememberRoster, rosterOf } from "../trust/note-rosters";
import { keyPinsOf } from "../trust/pin-check";
import { namedSigner } from "../trust/signature-check";
import type { Session } from "../vault/session";
import type { OpenNote } from "./open-state";

export async function prepareToRead(
  api: ApiClient,
  session: Session,
  state: NoteState,
  note: Pick<OpenNote, "formerCeks" | "wrappedCek"> | undefined,
): Promise<void> {
  if (state.deleted || state.role === "revoked") return;
  if (!needsRoster(session, state, note)) return;
  try {
    const { members } = await api.call("notes.members", { id: state.id });
    await rememberRoster(api, session, state.id, state.wrappedCek, members);
  } catch {
    // Offline, or no longer a member: content that needed it waits or stays unchecked.
  }
}

function needsRoster(
  session: Session,
  state: NoteState,
  note: Pick<OpenNote, "formerCeks" | "wrappedCek"> | undefined,
): boolean {
  const rotated =
    (note?.formerCeks?.length ?? 0) > 0 ||
    (note !== undefined && note.wrappedCek !== state.wrappedCek) ||
    (session.keyring?.keys(state.id).length ?? 0) > 1;
  if (rotated && rosterOf(session, state.id)?.wrappedCek !== state.wrappedCek) return true;
  if (!isShared(session, state)) return false;
  // A handout from an owner this device does not know yet is judged with the roster's
  // owner and their pinned key (issue 33), so the epoch it holds is a verified one.
  const ownerUnknown =
    state.role !== "owner" &&
    !keyStatesOf(session).get(state.id)?.ownerId &&
    !rosterOf(session, state.id)?.ownerId;
  if (ownerUnknown && state.wrappedCekSignature !== undefined) return true;
  const pins = keyPinsOf(session);
  const own = session.account.id.toLowerCase();
  const blocks = [
    state.snapshotSignature,
    state.metadataSignature,
    ...(state.updateSignatures ?? []),
  ];
  return blocks.some((block) => {
    const signer = namedSigner(block);
    return signer !== undefined && signer !== own && !pins.get(signer)?.signingPublicKey;
  });
}
