// The outbox: every write (create, append, delete) is sealed and stored in
// IndexedDB before it is sent, then sent in order. Each append carries the
// requestId it was stored with, so a replay after a lost answer or a reload never
// appends twice (contract.md §5). Offline, the queue simply waits. A deletion goes out
// signed by the session's account when it flushes (issue 33, item 3), as one sent online.
import {
  type ApiClient,
  afterAppend,
  compactIfDue,
  deleteNote,
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
  /**
   * Whose deletions these are: each goes out signed at the version it was queued with
   * (read again after a 412, or when an older outbox kept none). Without it, a plain DELETE.
   */
  session?: Session;
  appended?(op: Extract<OutboxOp, { kind: "append" }>, at: NoteCoordinates): Promise<void>;
}

/** After an append: the SDK's step (afterAppend: held edits, version, compaction). */
export async function compactAfterAppend(
  api: ApiClient,
  session: Session,
  note: OpenNote | undefined,
  op: Extract<OutboxOp, { kind: "append" }>,
  at: NoteCoordinates,
): Promise<void> {
  if (!note) return;
  const append = { at, updateCount: op.updateCount, clocks: op.clocks ? [op.clocks] : [] };
  // Compaction is housekeeping: a failure here must not hold the outbox up.
  // With the session, a key rotation the compaction's fetch reveals is adopted.
  await afterAppend(api, note, append, session).catch(() => undefined);
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
  } else if (hooks.session) {
    await deleteNote(api, hooks.session, {
      id: op.noteId,
      ...(op.version !== undefined && { version: op.version }),
    });
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
