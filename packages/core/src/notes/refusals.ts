// Every refusal of a note read or write, in one place (contract.md §4). The TypeScript
// write paths throw these; the database's write functions
// (packages/db/sql/functions/notes_append*.sql) raise SQLSTATE NT001 with one of the
// keys of `raised` as the message (or, in a batch, in a column), and `refusalOf` /
// `refusalNamed` turn that back into the same error.
// The order of the checks (not found, deleted, revoked as not found, viewer) is the
// same on both sides: `lockNoteForWrite` and the functions' header say it.
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
  "note-too-large": noteTooLarge,
  "free-storage-full": () => storageFull(true),
  "storage-full": () => storageFull(false),
};

/** The refusal a database function named (`notes_append_batch` answers it in a column). */
export const refusalNamed = (key: string): DomainError | undefined => raised[key]?.();

/** The refusal a database function raised (SQLSTATE NT001), found along `cause`s. */
export function refusalOf(error: unknown): DomainError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "NT001" && typeof message === "string") return refusalNamed(message);
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
