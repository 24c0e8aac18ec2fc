// Edits typed within the writer's pause (300 ms) when the page goes away (issue 38).
// Chromium keeps no IndexedDB write begun at `pagehide` across a reload (measured: 0 of
// 5, with or without commit()); localStorage, written synchronously, it keeps (5 of 5).
// So at page hide the pending edits are sealed within the task (NoteWriter.flushNow)
// and written here as the outbox's appends: ciphertext under the note's key, signed,
// each with its requestId, nothing in clear the outbox does not hold in clear too.
// The next start of the same account (or a tab of it still open, on the `storage`
// event) takes them back: onto the cached notes and into the outbox, once each (the
// requestId; the server answers a repeat with the first append's coordinates). When
// the page lives on (the back-forward cache, a cancelled navigation), the stored write
// that follows takes them out again.
import { keysOf, type OpenNote, openWithKeys, REMOTE_ORIGIN } from "@notes/client";
import {
  loadSodium,
  type NoteMetadata,
  openEnvelope,
  openMetadata,
  type Sodium,
} from "@notes/crypto";
import * as Y from "yjs";
import type { LocalDb, OutboxOp } from "./local-db";
import type { SealedEdit } from "./note-writer";
import { enqueue } from "./outbox";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;
type AppendOp = Extract<OutboxOp, { kind: "append" }>;

/** An append sealed at page hide, and when it was typed (the note's new time). */
export type TypedAtExit = AppendOp & {
  body: AppendOp["body"] & { requestId: string };
  at: string;
};

const PREFIX = "notes.typed-at-exit.";

export const typedAtExitKey = (accountId: string) => `${PREFIX}${accountId.toLowerCase()}`;

const storageOf = (): Storage | undefined => globalThis.localStorage;

/** Writes `edits` beside any kept before; a full storage keeps what it had (best effort). */
export function keepTypedAtExit(
  accountId: string,
  edits: readonly SealedEdit[],
  storage = storageOf(),
): void {
  if (!storage || edits.length === 0) return;
  const at = new Date().toISOString();
  const kept = readTypedAtExit(accountId, storage);
  for (const { note, updateCount, clocks, body } of edits)
    kept.push({ kind: "append", noteId: note.id, updateCount, clocks, body, at });
  write(storage, accountId, kept);
}

/** Takes out the appends named (stored in the outbox, or taken back). */
export function forgetTypedAtExit(
  accountId: string,
  requestIds: readonly string[],
  storage = storageOf(),
): void {
  if (!storage || requestIds.length === 0) return;
  const gone = new Set(requestIds);
  const left = readTypedAtExit(accountId, storage).filter((e) => !gone.has(e.body.requestId));
  write(storage, accountId, left);
}

function write(storage: Storage, accountId: string, kept: readonly TypedAtExit[]): void {
  const key = typedAtExitKey(accountId);
  if (kept.length === 0) {
    storage.removeItem(key);
    return;
  }
  try {
    storage.setItem(key, JSON.stringify(kept));
  } catch {
    // Over quota: the IndexedDB write begun beside it is all there is.
  }
}

/** Every account's kept appends go (sign-out forgets everything local). */
export function forgetAllTypedAtExit(storage = storageOf()): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** The account's kept appends, oldest first; what does not parse as one is left out. */
export function readTypedAtExit(accountId: string, storage = storageOf()): TypedAtExit[] {
  const stored = storage?.getItem(typedAtExitKey(accountId));
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isTypedAtExit) : [];
  } catch {
    return [];
  }
}

export interface TakeBackHost {
  db: LocalDb;
  accountId: string;
  /** The note, read from the cache when it rests there (undefined: gone from here). */
  hold(id: string): Promise<OpenNote | undefined>;
  /** Notes that took appends back: cached, listed, indexed, and the outbox sent. */
  took(notes: OpenNote[]): Promise<void>;
  storage?: Storage;
}

/**
 * Puts the kept appends back: each one's updates onto its note (as the server's would
 * be: not appended again by the writer), its title and tags when newer than the note's,
 * and the append into the outbox unless it is there already. An append whose note is
 * gone (not cached, and no creation of it queued), or that does not open under the
 * note's keys, is dropped.
 */
export async function takeTypedAtExit(host: TakeBackHost): Promise<void> {
  const { db, accountId, storage = storageOf() } = host;
  const kept = readTypedAtExit(accountId, storage);
  if (kept.length === 0) return;
  const sodium = await loadSodium();
  const outbox = await db.getAll("outbox");
  const queued = new Set(outbox.flatMap((op) => (op.kind === "append" ? [op.body.requestId] : [])));
  // Notes whose creation waits to be sent: one not cached (its cache write was lost with
  // the page) still gets its appends, after the creation, and the sync brings it back.
  const creating = new Set(outbox.flatMap((op) => (op.kind === "create" ? [op.noteId] : [])));
  const took = new Map<string, OpenNote>();
  for (const entry of kept) {
    const note = await host.hold(entry.noteId);
    if (note ? !putBack(sodium, note, entry) : !creating.has(entry.noteId)) continue;
    if (!queued.has(entry.body.requestId)) {
      const { at: _, ...op } = entry;
      await enqueue(db, op);
      queued.add(entry.body.requestId);
    }
    if (note) took.set(note.id, note);
  }
  await host.took([...took.values()]);
  forgetTypedAtExit(
    accountId,
    kept.map((e) => e.body.requestId),
    storage,
  );
}

/** Opens everything first, then applies: false (nothing applied) when any part fails. */
function putBack(sodium: Sodium, note: OpenNote, entry: TypedAtExit): boolean {
  const keys = keysOf(note);
  const { updates, metadata: sealed } = entry.body;
  let opened: Uint8Array[];
  let metadata: NoteMetadata | undefined;
  try {
    opened = updates.map(
      (u) => openWithKeys(keys, (k) => openEnvelope(sodium, k, note.id, u)).value,
    );
    metadata = sealed
      ? openWithKeys(keys, (k) => openMetadata(sodium, k, note.id, sealed)).value
      : undefined;
  } catch {
    return false;
  }
  for (const update of opened) Y.applyUpdate(note.doc, update, REMOTE_ORIGIN);
  if (metadata && (metadata.rev ?? 0) > (note.metadata.rev ?? 0)) note.metadata = metadata;
  if (entry.updateCount > 0 && (!note.updatedAt || entry.at > note.updatedAt))
    note.updatedAt = entry.at;
  return true;
}

function isTypedAtExit(value: unknown): value is TypedAtExit {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<TypedAtExit>;
  const body = entry.body;
  return (
    entry.kind === "append" &&
    typeof entry.noteId === "string" &&
    typeof entry.updateCount === "number" &&
    typeof entry.at === "string" &&
    typeof body === "object" &&
    body !== null &&
    body.id === entry.noteId &&
    typeof body.requestId === "string" &&
    Array.isArray(body.updates) &&
    body.updates.every((u) => typeof u === "string") &&
    (body.metadata === null || body.metadata === undefined || typeof body.metadata === "string")
  );
}
