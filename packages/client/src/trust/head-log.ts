// A note's head from the key-transparency log, for a device that never saw the note
// (issue 33, item 12; docs/key-transparency.md, "Note heads"). Seen states are per device:
// a device signed in by password or passkey (not linked, so handed no seen heads) took
// the first state the server served, an older one included. The log holds each note's
// newest head, the same for everyone, so such a device holds what it is served against
// the logged head as if it had seen it: a lower version, an older snapshot, another
// update at the logged version, or title and tags of a lower revision are refused as a
// rollback (RollbackDetected, and a `note-head` warning through the checker's onWarning).
// Asked once per note and session, when the note is opened (openNote, and a sync engine's
// fetchNote: a note opened before the first sync brought it), never for a whole vault's
// first sync; the logged head is then remembered as seen, so the sync is held to it too.
// A note the log never held reads as before; a rollback within the last epoch, before
// the head is logged, is not caught by the log.
import { fromBase64, type NoteMetadata, openMetadata, type Sodium, toBase64 } from "@notes/crypto";
import type { ApiClient } from "../api/client";
import { KeyTransparencyFailed, RollbackDetected } from "../errors";
import { openWithKeys } from "../keys/open-with-keys";
import type { Session } from "../vault/session";
import { keyTransparencyFor, type LoggedNoteHead } from "./key-transparency";
import type { SeenState } from "./seen-states";
import { revisionOf } from "./served-metadata";
import { type SeenAtRequest, seenStatesOf } from "./served-state";

type Hash = Pick<Sodium, "crypto_generichash">;

/** Why a log could not be read now (not a contradiction): the note opens unchecked. */
const UNREADABLE: readonly string[] = ["no-head", "stale", "wrong-epoch"];

/** Notes whose logged head this session already asked for. */
const asked = new WeakMap<Session, Set<string>>();

/** Whether this session asked the log of `id` already; marks it asked either way. */
export function askedBefore(session: Session, id: string): boolean {
  const done = asked.get(session) ?? new Set<string>();
  asked.set(session, done);
  if (done.has(id)) return true;
  done.add(id);
  return false;
}

/** What a logged head stands for when a device holds nothing of the note. */
export interface LoggedSeen {
  /** What the device had seen, or the logged head standing in for it. */
  seen: SeenAtRequest;
  /** The logged head, when it stands in (judge its metadata with withLoggedMetadata). */
  logged?: LoggedNoteHead;
}

/**
 * `seen` unchanged when this device saw the note (or already asked the log of it this
 * session); otherwise the note's logged head standing in for a seen state. A proof that
 * does not verify throws KeyTransparencyFailed (warned of where the log contradicts itself).
 */
export async function seenOrLogged(
  sodium: Hash,
  api: ApiClient,
  session: Session,
  noteId: string,
  seen: SeenAtRequest,
): Promise<LoggedSeen> {
  const id = noteId.toLowerCase();
  const done = asked.get(session) ?? new Set<string>();
  asked.set(session, done);
  if (seen(id) || done.has(id)) return { seen };
  const digest = (envelope: string) => sodium.crypto_generichash(32, fromBase64(envelope), null);
  let logged: LoggedNoteHead | undefined;
  try {
    logged = await keyTransparencyFor(api).provenNoteHead(id, digest);
  } catch (error) {
    // A proof that does not verify, or a log that contradicts itself, is refused. A log
    // that cannot be read now (offline, a server without the route, a stale head: warned
    // of already) judges nothing, as a note the log never held (a server can say that of
    // any note: absence is not proven), and is asked again next time.
    if (error instanceof KeyTransparencyFailed && !UNREADABLE.includes(error.reason)) throw error;
    return { seen };
  }
  done.add(id);
  if (!logged) return { seen };
  const state: SeenState = {
    noteId: id,
    version: logged.version,
    snapshotVersion: logged.snapshotVersion,
    ...(logged.version > logged.snapshotVersion && {
      updateDigest: toBase64(logged.contentDigest),
    }),
  };
  return { seen: (other) => (other.toLowerCase() === id ? state : seen(other)), logged };
}

/**
 * Remembers the logged head that stood in (`from.logged`) as this device's seen state of
 * the note, when it still holds none: a later read (the first sync reaching the note)
 * is then held to it too, as to heads a linked device was handed.
 */
export function rememberLogged(session: Session, from: LoggedSeen, noteId: string): void {
  const stood = from.logged && from.seen(noteId);
  const seen = seenStatesOf(session);
  if (stood && !seen.get(noteId)) seen.set(stood);
}

/**
 * The logged head's metadata revision added to what stands in for the seen state, read
 * from the logged envelope under the note's keys (the server cannot read it). An
 * envelope that does not open here judges nothing.
 */
export function withLoggedMetadata(
  sodium: Sodium,
  from: LoggedSeen,
  noteId: string,
  keys: readonly Uint8Array[],
): SeenAtRequest {
  const { logged, seen } = from;
  const envelope = logged?.metadata;
  const held = seen(noteId);
  if (!logged || !envelope || !held) return seen;
  let metadata: NoteMetadata;
  try {
    metadata = openWithKeys(keys, (k) => openMetadata(sodium, k, noteId, envelope)).value;
  } catch {
    return seen;
  }
  const state: SeenState = {
    ...held,
    metadataRev: revisionOf(metadata),
    metadataDigest: toBase64(logged.metadataDigest),
  };
  const id = noteId.toLowerCase();
  return (other) => (other.toLowerCase() === id ? state : seen(other));
}

/** Warns of a refusal the logged head made (it stood in for a seen state). */
export function warnLoggedRollback(api: ApiClient, from: LoggedSeen, error: unknown): void {
  if (from.logged && error instanceof RollbackDetected) {
    const { logged } = from;
    keyTransparencyFor(api).warn({
      kind: "note-head",
      reason: "rollback",
      noteId: error.noteId,
      detail:
        error.kind === "older-metadata"
          ? `the key-transparency log holds newer title and tags of this note (epoch ${logged.epoch}) than the server served`
          : `the key-transparency log holds version ${logged.version} of this note (epoch ${logged.epoch}); the server served version ${error.served.version}, older than it (${error.kind})`,
    });
  }
}
