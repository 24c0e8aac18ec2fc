// Creates a note from a client-encrypted snapshot. The owner is its sole member,
// holding the content key wrapped to their own public key. Ids are never reused,
// not even those of deleted notes. The snapshot and metadata may come signed
// (issue 21, signed content); a block must name the caller (shared/signature-block.ts).
// So may the owner's wrap (a key handout at roster epoch 0) and the first entry of the
// note's membership chain (issue 33), both stored opaque.
import { noteMembers, noteRosterEntries, notes } from "@notes/db";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { enqueueRoster } from "../key-transparency/enqueue";
import { requireCallerSigned } from "../shared/signature-block";
import { entrySignature } from "../sharing/roster-chain";
import type { Caller } from "../types";
import { drawSeq } from "./change-seq";
import { NOTE_CEILING, noteTooLarge } from "./refusals";
import { byteLength, chargeStorage } from "./storage";

export interface NewNote {
  id: string;
  metadata: Uint8Array;
  snapshot: Uint8Array;
  wrappedCek: Uint8Array;
  snapshotSignature?: Uint8Array | null;
  metadataSignature?: Uint8Array | null;
  /** The owner's key handout over `wrappedCek` at roster epoch 0. */
  wrappedCekSignature?: Uint8Array | null;
  /** Epoch 0 of the note's signed membership chain (its wire bytes). */
  rosterEntry?: Uint8Array | null;
}

export interface NoteCoordinates {
  id: string;
  seq: number;
  version: number;
}

export async function createNote(
  core: Core,
  caller: Caller,
  input: NewNote,
): Promise<NoteCoordinates> {
  const id = input.id.toLowerCase();
  requireCallerSigned(caller.accountId, [
    ["/snapshotSignature", input.snapshotSignature],
    ["/metadataSignature", input.metadataSignature],
    ["/wrappedCekSignature", input.wrappedCekSignature],
    ["/rosterEntry", entrySignature(input.rosterEntry)],
  ]);
  const bytes = byteLength(input.metadata, input.snapshot);
  if (bytes > NOTE_CEILING) throw noteTooLarge();
  const seq = await core.db.transaction(async (tx) => {
    const seq = await drawSeq(tx);
    const inserted = await tx
      .insert(notes)
      .values({
        id,
        ownerId: caller.accountId,
        metadata: input.metadata,
        snapshot: input.snapshot,
        snapshotSignature: input.snapshotSignature ?? null,
        metadataSignature: input.metadataSignature ?? null,
        bytes,
      })
      .onConflictDoNothing()
      .returning({ id: notes.id });
    if (inserted.length === 0)
      throw new DomainError("note-exists", "A note with this id exists or existed.");
    await chargeStorage(tx, caller.accountId, bytes, 1);
    await tx.insert(noteMembers).values({
      noteId: id,
      accountId: caller.accountId,
      role: "owner",
      wrappedCek: input.wrappedCek,
      wrapSignature: input.wrappedCekSignature ?? null,
      wrapEpoch: input.wrappedCekSignature ? 0 : null,
      seq,
    });
    if (input.rosterEntry) {
      await tx.insert(noteRosterEntries).values({ noteId: id, epoch: 0, entry: input.rosterEntry });
      await enqueueRoster(tx, id);
    }
    return seq;
  });
  core.announcer.announce({ e: "note", kind: "write", noteId: id, seq, ownerId: caller.accountId });
  return { id, seq, version: 0 };
}
