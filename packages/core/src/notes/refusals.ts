// Every refusal of a note read or write, in one place (contract.md §4). The rules
// that decide the write refusals are SQL helpers, each written once in
// packages/db/sql/functions: notes_refusal.sql (no note, deleted, removed, owner
// needed, viewer: in that order), account_ceiling.sql and storage_refusal.sql (the
// tier's ceiling, free-storage-full or storage-full). The append functions
// (notes_append*.sql) call them and raise SQLSTATE NT001 with the slug as the message
// (or, in a batch, answer it in a column); the TypeScript write paths select them
// (note-access.ts, storage.ts). Either way the slug comes back here, as a key of
// `raised`, and `refusalOf` / `refusalNamed` / `throwIfRefused` turn it into the error.
import { DomainError } from "../errors";

/** The largest note (snapshot, updates and metadata), contract.md §4. */
export const NOTE_CEILING = 64 * 1024 * 1024;

/** Not a member, a removed member, or no such note: never 403, so existence does not leak. */
export const noteNotFound = () => new DomainError("note-not-found", "No such note.");

export const noteDeleted = () => new DomainError("note-deleted", "The note has been deleted.");

export const viewOnly = () => new DomainError("view-only", "Viewers cannot change the note.");

export const ownerRequired = () =>
  new DomainError("owner-required", "Only the note's owner may do this.");

/** A note past NOTE_CEILING: the catalogue's `storage-full`, naming the note's limit. */
export const noteTooLarge = () =>
  new DomainError("storage-full", `A note holds at most ${NOTE_CEILING} bytes.`);

export function storageFull(freeTier: boolean): DomainError {
  return freeTier
    ? new DomainError("free-storage-full", "The free tier's storage is full.")
    : new DomainError("storage-full", "The account's storage is full.");
}

/**
 * What the database functions raise, by message. These are problem slugs except
 * `note-too-large`, the functions' name for a single note past its ceiling, which the
 * catalogue answers as `storage-full` (noteTooLarge).
 */
const raised: Record<string, () => DomainError> = {
  "note-not-found": noteNotFound,
  "note-deleted": noteDeleted,
  "view-only": viewOnly,
  "owner-required": ownerRequired,
  "note-too-large": noteTooLarge,
  "free-storage-full": () => storageFull(true),
  "storage-full": () => storageFull(false),
};

/** The refusal a database function named (`notes_append_batch` answers it in a column). */
export const refusalNamed = (key: string): DomainError | undefined => raised[key]?.();

/** Throws the refusal a SQL helper named (notes_refusal, storage_refusal); none: returns. */
export function throwIfRefused(key: string | null | undefined): void {
  if (!key) return;
  throw refusalNamed(key) ?? new Error(`A SQL helper named an unknown refusal: ${key}`);
}

/** The refusal a database function raised (SQLSTATE NT001), found along `cause`s. */
export function refusalOf(error: unknown): DomainError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "NT001" && typeof message === "string") return refusalNamed(message);
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
