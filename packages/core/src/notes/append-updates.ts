// Appends encrypted CRDT updates (and optionally replaces the metadata digest) in
// one round trip: the `notes_append` function (drizzle/0002_append_function.sql)
// locks the note, checks the caller's role, claims the requestId (a repeat, also
// a racing one, answers the first request's coordinates), draws the seq under the
// change lock, inserts the updates and moves the note, its members' seq and the
// owner's usage. Its refusals arrive as SQLSTATE NT001 carrying the problem slug.
// The append is announced to the relay after commit (drizzle/0011, announcer.ts).
import { rows } from "@notes/db";
import { sql } from "drizzle-orm";
import { CEILINGS } from "../accounts/tier";
import type { Caller, Core } from "../core";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import type { NoteCoordinates } from "./create-note";
import { noteNotFound } from "./note-access";
import { NOTE_CEILING, noteTooLarge, storageFull } from "./storage";

export interface Append {
  updates: Uint8Array[];
  metadata?: Uint8Array | null;
  requestId?: string | null;
}

const refusals: Record<string, () => DomainError> = {
  "note-not-found": noteNotFound,
  "note-deleted": () => new DomainError("note-deleted", "The note has been deleted."),
  "view-only": () => new DomainError("view-only", "Viewers cannot change the note."),
  "note-too-large": noteTooLarge,
  "free-storage-full": () => storageFull(true),
  "storage-full": () => storageFull(false),
};

function refusalOf(error: unknown): DomainError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "NT001" && typeof message === "string") return refusals[message]?.();
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function appendUpdates(
  core: Core,
  caller: Caller,
  noteId: string,
  input: Append,
): Promise<NoteCoordinates> {
  const id = noteId.toLowerCase();
  const updates = JSON.stringify(input.updates.map(toBase64));
  const metadata = input.metadata ? toBase64(input.metadata) : null;
  try {
    const [row] = await rows<{
      out_seq: string | number;
      out_version: string | number;
      out_owner: string | null;
    }>(
      core.db,
      sql`select out_seq, out_version, out_owner from notes_append(
            ${id}::uuid, ${caller.accountId}::uuid, ${input.requestId ?? null}::uuid,
            ${updates}::jsonb, ${metadata}::text,
            ${NOTE_CEILING}::bigint, ${CEILINGS.free}::bigint, ${CEILINGS.subscribed}::bigint)`,
    );
    if (!row) throw new Error("notes_append returned no row");
    const seq = Number(row.out_seq);
    // A repeated requestId (no owner returned) changed nothing and announces nothing.
    if (row.out_owner) {
      core.announcer.announce({
        e: "note",
        kind: "write",
        noteId: id,
        seq,
        ownerId: row.out_owner,
      });
    }
    return { id, seq, version: Number(row.out_version) };
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}
