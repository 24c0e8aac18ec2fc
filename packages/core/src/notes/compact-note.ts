// Client-side compaction: replaces the snapshot with one covering `coversVersion`
// and prunes the updates (and idempotency memory) it covers. What it replaced is kept
// as the note's previous compaction (issue 21, attack 6; ./previous-compaction.ts), so
// no member's compaction can destroy what the owner had: the replaced snapshot and the
// pruned updates move there, and count against the owner's usage while kept.
// Signatures (issue 21, signed content) follow what they sign: the new snapshot's
// replaces the old one's (none given: the new snapshot is unsigned), likewise the
// metadata's when metadata is given; pruned updates take theirs to the kept
// generation. Blocks must name the caller and count in no usage.
import { noteRequests, noteUpdates, rows } from "@notes/db";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { announce } from "../realtime/announce";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { drawSeq } from "./change-seq";
import type { NoteCoordinates } from "./create-note";
import { lockNoteForWrite, touchMembers } from "./note-access";
import { keepReplaced } from "./previous-compaction";
import { NOTE_CEILING, noteTooLarge } from "./refusals";
import { chargeStorage } from "./storage";

export interface Compaction {
  snapshot: Uint8Array;
  coversVersion: number;
  metadata?: Uint8Array | null;
  snapshotSignature?: Uint8Array | null;
  /** Only with `metadata` (the API refuses it alone). */
  metadataSignature?: Uint8Array | null;
}

export async function compactNote(
  core: Core,
  caller: Caller,
  noteId: string,
  input: Compaction,
): Promise<NoteCoordinates> {
  const id = noteId.toLowerCase();
  requireCallerSigned(caller.accountId, [
    ["/snapshotSignature", input.snapshotSignature],
    ["/metadataSignature", input.metadataSignature],
  ]);
  return core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId);
    const seq = await drawSeq(tx);
    if (input.coversVersion < note.snapshotVersion || input.coversVersion > note.version) {
      throw new DomainError(
        "stale-compaction",
        `coversVersion must be between ${note.snapshotVersion} and ${note.version}.`,
      );
    }
    const [pruned] = await rows<{ bytes: string | number | null }>(
      tx,
      sql`select sum(octet_length(data)) as bytes from note_updates where note_id = ${id} and version <= ${input.coversVersion}`,
    );
    const metadata = input.metadata ?? undefined;
    const prunedBytes = Number(pruned?.bytes ?? 0);
    const delta =
      input.snapshot.byteLength -
      note.snapshotBytes -
      prunedBytes +
      (metadata ? metadata.byteLength - note.metadataBytes : 0);
    if (note.bytes + delta > NOTE_CEILING) throw noteTooLarge();
    // Before the prune: the replaced snapshot and the pruned updates are what is kept.
    const kept = await keepReplaced(tx, note, caller.accountId, input.coversVersion, prunedBytes);
    await chargeStorage(tx, note.ownerId, delta + kept);
    await tx
      .delete(noteUpdates)
      .where(and(eq(noteUpdates.noteId, id), lte(noteUpdates.version, input.coversVersion)));
    await tx
      .delete(noteRequests)
      .where(and(eq(noteRequests.noteId, id), lte(noteRequests.version, input.coversVersion)));
    await tx.execute(
      sql`update notes set snapshot = ${Buffer.from(input.snapshot)}, snapshot_version = ${input.coversVersion},
            snapshot_signature = ${bytesOrNull(input.snapshotSignature)},
            bytes = bytes + ${delta}, updated_at = now()
            ${metadata ? sql`, metadata = ${Buffer.from(metadata)}, metadata_signature = ${bytesOrNull(input.metadataSignature)}` : sql``}
          where id = ${id}`,
    );
    await touchMembers(tx, id, seq);
    await announce(tx, { e: "note", kind: "write", noteId: id, seq, ownerId: note.ownerId });
    return { id, seq, version: note.version };
  });
}

const bytesOrNull = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes) : null);
