// A note this device already holds, held to its logged head when it is opened (issue 33,
// item 12; docs/key-transparency.md, "Note heads"). head-log.ts covers a note the device
// never saw; a fresh device's first sync, though, takes every note it is served without
// asking the log (100,000 proofs would cost more than the sync). So the first time a note
// is opened in a session, its logged head is read: a logged version newer than the one
// this device saw raises the seen state to it (the log may simply be ahead of this
// device's last sync), and the note is read again at once. A server that then serves
// less than the log holds is refused as a rollback and warned of; one that serves the
// newer state is caught up with. The same version with another update at it contradicts
// the log outright. A log that cannot be read now judges nothing, as in head-log.ts.
import { fromBase64, type Sodium, toBase64 } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { KeyTransparencyFailed, RollbackDetected } from "../errors";
import type { OpenNote } from "../notes/open-state";
import { refreshNote } from "../notes/refresh-note";
import type { Session } from "../vault/session";
import { askedBefore } from "./head-log";
import { keyTransparencyFor, type LoggedNoteHead } from "./key-transparency";
import { seenStatesOf } from "./served-state";

type Hash = Pick<Sodium, "crypto_generichash">;

/** What holding a note to its logged head came to. */
export type HeldHead =
  /** Not asked (asked already this session, nothing seen, no log, or none readable now). */
  | "unchecked"
  /** The log holds what this device saw, or an older head (it lags a write). */
  | "held"
  /** The log was ahead; the note was read again and caught up. */
  | "caught-up"
  /** The server served less than the log holds (warned of as a `note-head` rollback). */
  | "rolled-back";

const UNREADABLE: readonly string[] = ["no-head", "stale", "wrong-epoch"];

/**
 * Holds `note` (held by this device) to its logged head, once per session. Throws
 * KeyTransparencyFailed for a proof that does not verify.
 */
export async function holdToLoggedHead(
  sodium: Hash,
  api: ApiClient,
  session: Session,
  note: OpenNote,
): Promise<HeldHead> {
  const id = note.id.toLowerCase();
  const seen = seenStatesOf(session);
  const held = seen.get(id);
  if (!held || held.left || askedBefore(session, id)) return "unchecked";
  let logged: LoggedNoteHead | undefined;
  try {
    logged = await keyTransparencyFor(api).provenNoteHead(id, (envelope) =>
      sodium.crypto_generichash(32, fromBase64(envelope), null),
    );
  } catch (error) {
    if (error instanceof KeyTransparencyFailed && UNREADABLE.includes(error.reason))
      return "unchecked";
    throw error;
  }
  if (!logged || logged.version < held.version) return logged ? "held" : "unchecked";
  const loggedUpdate =
    logged.version > logged.snapshotVersion ? toBase64(logged.contentDigest) : undefined;
  if (logged.version === held.version) {
    if (loggedUpdate === undefined || held.updateDigest === undefined) return "held";
    if (loggedUpdate === held.updateDigest) return "held";
    warn(api, note.id, logged, "another update at that version than this device holds");
    return "rolled-back";
  }
  // The log is ahead of what this device saw: what it is served from now on must reach it.
  const { updateDigest: _older, ...rest } = held;
  seen.set({
    ...rest,
    version: logged.version,
    snapshotVersion: Math.max(held.snapshotVersion, logged.snapshotVersion),
    ...(loggedUpdate !== undefined && { updateDigest: loggedUpdate }),
  });
  try {
    await refreshNote(api, session, note);
  } catch (error) {
    if (!(error instanceof RollbackDetected)) throw error;
    warn(api, note.id, logged, `version ${error.served.version}, older than it (${error.kind})`);
    return "rolled-back";
  }
  return "caught-up";
}

function warn(api: ApiClient, noteId: string, logged: LoggedNoteHead, what: string): void {
  keyTransparencyFor(api).warn({
    kind: "note-head",
    reason: "rollback",
    noteId,
    detail: `the key-transparency log holds version ${logged.version} of this note (epoch ${logged.epoch}); the server served ${what}`,
  });
}
