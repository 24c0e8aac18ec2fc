// The outbox: every write (create, append, delete) is sealed and stored in
// IndexedDB before it is sent, then sent in order. Each append carries the
// requestId it was stored with, so a replay after a lost answer or a reload never
// appends twice (contract.md §5). Offline, the queue simply waits.
import {
  type ApiClient,
  compactIfDue,
  holdAcknowledged,
  isProblem,
  isTransient,
  type NoteCoordinates,
  type OpenNote,
  type Session,
} from "@notes/client";
import type { LocalDb, OutboxOp } from "./local-db";
import { cacheNotes, type MemberCounts } from "./note-cache";

export type FlushOutcome =
  | { state: "done" }
  /** No answer (`offline`) or a transient refusal (busy, 401): try again later. */
  | { state: "waiting"; offline: boolean; retryAfterMs: number }
  /** The server refused an op for good; it was dropped. */
  | { state: "refused"; op: OutboxOp; problem: unknown };

export interface FlushHooks {
  appended?(op: Extract<OutboxOp, { kind: "append" }>, at: NoteCoordinates): Promise<void>;
}

/** After an append: the note's version moves on, and it is compacted when due. */
export async function compactAfterAppend(
  api: ApiClient,
  session: Session,
  note: OpenNote | undefined,
  op: Extract<OutboxOp, { kind: "append" }>,
  at: NoteCoordinates,
): Promise<void> {
  if (!note) return;
  // The server holds these edits now: a compaction that drops them is refused here too.
  if (op.clocks) holdAcknowledged(note, op.clocks);
  // Only when nobody appended in between does the doc hold every version.
  if (at.version === note.version + op.updateCount) note.version = at.version;
  // Compaction is housekeeping: a failure here must not hold the outbox up.
  // With the session, a key rotation the compaction's fetch reveals is adopted.
  await compactIfDue(api, note, at.version, session).catch(() => undefined);
}

/**
 * Content that opened only under a former key (a straggler, a failed rotation's
 * compaction) is re-sealed under the current key at once (docs/sharing.md), and the
 * cached copy with it.
 */
export async function resealNote(
  api: ApiClient,
  db: LocalDb,
  session: Session,
  note: OpenNote,
  memberCounts: MemberCounts,
): Promise<void> {
  const done = await compactIfDue(api, note, note.version, session).catch(() => undefined);
  if (done) await cacheNotes(db, session, [note], memberCounts);
}

export async function enqueue(db: LocalDb, op: OutboxOp): Promise<void> {
  await db.add("outbox", op);
}

export async function pendingCount(db: LocalDb): Promise<number> {
  return db.count("outbox");
}

/** Sends queued ops oldest first until the queue is empty or the network fails. */
export async function flushOutbox(
  db: LocalDb,
  api: ApiClient,
  hooks: FlushHooks = {},
): Promise<FlushOutcome> {
  for (;;) {
    const cursor = await db.transaction("outbox").store.openCursor();
    if (!cursor) return { state: "done" };
    const { key, value: op } = cursor;
    try {
      await send(api, op, hooks);
    } catch (error) {
      const verdict = classify(op, error);
      if (verdict === "retry")
        return { state: "waiting", offline: !isProblem(error), retryAfterMs: retryDelay(error) };
      await db.delete("outbox", key);
      if (verdict === "refused") return { state: "refused", op, problem: error };
      continue;
    }
    await db.delete("outbox", key);
  }
}

async function send(api: ApiClient, op: OutboxOp, hooks: FlushHooks): Promise<void> {
  if (op.kind === "create") {
    await api.call("notes.create", op.body);
  } else if (op.kind === "append") {
    const at = await api.call("notes.append", op.body);
    await hooks.appended?.(op, at);
  } else {
    await api.call("notes.remove", { id: op.noteId });
  }
}

/**
 * "done": the op's effect already holds (a replayed create whose first answer was
 * lost; a write to a note deleted meanwhile). "retry": no answer or transient.
 */
function classify(op: OutboxOp, error: unknown): "done" | "retry" | "refused" {
  // A 401 waits too: the edits stay for the same account's next session.
  if (isTransient(error) || !isProblem(error) || error.status === 401) return "retry";
  const { slug } = error;
  if (op.kind === "create" && slug === "note-exists") return "done";
  if (op.kind !== "create" && slug === "note-not-found") return "done";
  return "refused";
}

function retryDelay(error: unknown): number {
  if (isProblem(error) && error.retryAfter !== undefined) return error.retryAfter * 1000;
  return 3_000;
}
