// Checking a served note state against what this device already saw (issue 21,
// attacks 5 and 6). The server is an adversary here: it may serve an older state
// (rollback), claim versions without their updates, change an update it served
// before, or hand over a compacted snapshot that leaves out others' edits. An honest
// server never does any of these: versions and snapshot versions only grow, an update
// never changes once appended, and a compaction covers every version up to its own.
// Deletion and removal arrive as tombstones, which forget nothing (issue 33, item 3):
// the seen state stays, marked as left (deletion-check.ts judges the tombstone), so an
// older state served after a tombstone is refused as before it, and a note whose
// deletion its owner signed never comes back live.
import * as Y from "yjs";
import type { NoteState } from "../api/types";
import { CompactionIncomplete, RollbackDetected } from "../errors";
import type { Session } from "../vault/session";
import { MemorySeenStates, type SeenState, type SeenStates, updateDigest } from "./seen-states";

type Hash = Parameters<typeof updateDigest>[0];

/** The session's seen states, made on first use (in memory) when the app gave none. */
export function seenStatesOf(session: Session): SeenStates {
  session.seenStates ??= new MemorySeenStates();
  return session.seenStates;
}

/** What the device had seen of each note when it sent a request (see checkServedState). */
export type SeenAtRequest = (noteId: string) => SeenState | undefined;

/**
 * Takes the seen states as they are now, to judge an answer to a request sent now:
 * of one note (`noteId`), or of all of them (a change-feed page).
 */
export function seenNow(session: Session, noteId?: string): SeenAtRequest {
  const seen = seenStatesOf(session);
  const held = noteId ? [seen.get(noteId)].flatMap((s) => s ?? []) : seen.all();
  const copy = new Map(held.map((s) => [s.noteId, s]));
  return (id) => copy.get(id.toLowerCase());
}

/**
 * Throws RollbackDetected when `state` is less than this device saw of the note, or is
 * a live state of a note whose signed deletion it saw. A tombstone, and a note this
 * device never saw, pass (tombstones are judged by deletion-check.ts).
 * `asked` is what the device had seen when it sent the request that `state` answers:
 * an answer is never held to what another request, answered meanwhile, showed (two
 * honest answers may arrive out of order).
 */
export function checkServedState(
  sodium: Hash,
  session: Session,
  state: NoteState,
  asked: SeenAtRequest = (id) => seenStatesOf(session).get(id),
): void {
  if (state.deleted || state.role === "revoked") return;
  const served = { version: state.version, snapshotVersion: state.snapshotVersion };
  const refuse = (
    kind: RollbackDetected["kind"],
    was: { version: number; snapshotVersion: number },
  ) =>
    new RollbackDetected(
      state.id,
      kind,
      { version: was.version, snapshotVersion: was.snapshotVersion },
      served,
    );
  // Never more than the difference either (one repeatable-read answer), but fewer is
  // the claim this check is for.
  if (state.updates.length < state.version - state.snapshotVersion) {
    throw refuse("missing-updates", asked(state.id) ?? served);
  }
  const held = asked(state.id);
  if (!held) return;
  if (held.left?.confirmed) throw refuse("after-deletion", held);
  if (state.version < held.version) throw refuse("older-version", held);
  if (state.snapshotVersion < held.snapshotVersion) throw refuse("older-snapshot", held);
  const envelope = state.updates[held.version - state.snapshotVersion - 1];
  if (held.updateDigest && envelope && updateDigest(sodium, envelope) !== held.updateDigest) {
    throw refuse("different-history", held);
  }
}

/** Remembers `state` as the newest seen of its note (after checkServedState passed). */
export function recordServedState(sodium: Hash, session: Session, state: NoteState): void {
  if (state.deleted || state.role === "revoked") return;
  const seen = seenStatesOf(session);
  const held = seen.get(state.id);
  // An honest answer overtaken by a newer one never lowers what was seen.
  if (held && (state.version < held.version || state.snapshotVersion < held.snapshotVersion))
    return;
  const last = state.updates.at(-1);
  // What else was seen of the note (metadata, owner) stays; served live, it is here again.
  const { updateDigest: _, left, ...kept }: Partial<SeenState> = held ?? {};
  seen.set({
    ...kept,
    noteId: state.id,
    version: state.version,
    snapshotVersion: state.snapshotVersion,
    ...(last && { updateDigest: updateDigest(sodium, last) }),
    ...(left?.confirmed && { left }),
  });
}

/** Per writer (Yjs client id), the clock reached by server content a note has applied. */
export type HeldClocks = Map<number, number>;

/** Adds what `update` (a decrypted Yjs update from the server) reaches to `held`. */
export function holdClocks(held: HeldClocks, update: Uint8Array): void {
  raiseClocks(held, Y.parseUpdateMeta(update).to);
}

/** Raises each writer's clock in `held` to the one in `reached` where that is higher. */
export function raiseClocks(held: HeldClocks, reached: Iterable<[number, number]>): void {
  for (const [client, clock] of reached) {
    if (clock > (held.get(client) ?? 0)) held.set(client, clock);
  }
}

/** The note's held clocks, made empty on first use. */
export function heldClocksOf(note: { heldClocks?: HeldClocks }): HeldClocks {
  note.heldClocks ??= new Map();
  return note.heldClocks;
}

/**
 * This device's own edits, once the server acknowledged them (an append answered, a
 * create), count as held too: a compaction that leaves them out is as incomplete as
 * one that leaves out someone else's (attack 6), and it would otherwise be believed on
 * the very device that wrote them, which keeps the text while the server drops it.
 */
export function holdAcknowledged(
  note: { heldClocks?: HeldClocks },
  reached: Iterable<[number, number]>,
): void {
  // A note restored from a cache that kept no clocks judges nothing (see heldClocks):
  // a map of this device's own clocks alone would make others' updates look like gaps.
  if (note.heldClocks) raiseClocks(note.heldClocks, reached);
}

/** The clocks a decrypted Yjs update (a snapshot) reaches. */
export function clocksOf(update: Uint8Array): HeldClocks {
  const clocks: HeldClocks = new Map();
  holdClocks(clocks, update);
  return clocks;
}

/**
 * Throws CompactionIncomplete when the served state (a compacted snapshot, and the
 * updates above it: `reached`) does not reach every writer's clock this device held
 * from the server. A compaction covers every version up to its own, and this device
 * held less, so an honest one always does. (Edits this device made itself are not in
 * `held`: they stay in its document whatever the server does.)
 */
export function checkCompactionCovers(
  noteId: string,
  held: HeldClocks | undefined,
  reached: HeldClocks,
  snapshotVersion: number,
): void {
  if (!held || held.size === 0) return;
  const missing = [...held]
    .filter(([client, clock]) => (reached.get(client) ?? 0) < clock)
    .map(([client, clock]) => ({ client, held: clock, covered: reached.get(client) ?? 0 }));
  if (missing.length > 0) throw new CompactionIncomplete(noteId, snapshotVersion, missing);
}
