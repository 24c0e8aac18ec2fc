// The note's previous compaction (issue 21, attack 6): a compaction replaces the only
// snapshot and prunes the updates, so without this an editor could destroy a note by
// compacting it to nothing. The server keeps what a compaction replaced, one
// generation per note, for the owner alone (any tier: it is the owner's own content,
// not the premium revision history).
//
// The kept generation always starts from a snapshot the owner wrote (the note's first
// snapshot or the owner's own compaction): an editor's compaction only adds the
// updates it pruned, so however often editors compact, the owner can rebuild every
// version since. The owner's compaction, when the current snapshot is the owner's own
// too, starts a new generation; the owner may also discard it to free the space.
// Signature blocks (issue 21, signed content) are kept with what they sign and
// answered as GET /v1/notes/{id} answers them (note-state.ts).
import { previousCompactions, type Queryable, rows } from "@notes/db";
import { eq, sql } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import type { Caller } from "../types";
import { type LockedNote, lockNoteForWrite } from "./note-access";
import { updateSignatures } from "./note-state";
import { noteNotFound, ownerRequired } from "./refusals";
import { chargeStorage } from "./storage";

export interface PreviousCompaction {
  /** The kept snapshot (Base64 envelope) and the version it covers. */
  snapshot: string;
  snapshotVersion: number;
  /** The updates snapshotVersion+1 … version, in order, as they were appended. */
  updates: string[];
  snapshotSignature?: string;
  /** Aligned with `updates`, null where unsigned; absent when none is signed. */
  updateSignatures?: (string | null)[];
  /** The version the kept generation reaches (the latest compaction's coversVersion). */
  version: number;
  bytes: number;
  compactedAt: string;
  /** Who made the latest compaction (absent once that account is gone). */
  compactedBy?: string;
}

const nothingKept = () => new DomainError("not-found", "The note has no previous compaction kept.");

/**
 * Called by compactNote before it prunes: moves the replaced snapshot and the updates
 * up to `coversVersion` into the kept generation. Answers the bytes the kept
 * generation grew by (negative when a new generation frees an older, larger one).
 */
export async function keepReplaced(
  tx: Queryable,
  note: LockedNote,
  compactedBy: string,
  coversVersion: number,
  prunedBytes: number,
): Promise<number> {
  const [kept] = await rows<{ bytes: string | number; compacted_by: string | null }>(
    tx,
    sql`select bytes, compacted_by from previous_compactions where note_id = ${note.id} for update`,
  );
  const copyUpdates = sql`insert into previous_compaction_updates (note_id, version, data, signature)
    select note_id, version, data, signature from note_updates
    where note_id = ${note.id} and version > ${note.snapshotVersion} and version <= ${coversVersion}
    on conflict do nothing`;
  // The current snapshot is someone else's: keep the owner's generation and extend it.
  if (kept && kept.compacted_by !== note.ownerId) {
    await tx.execute(copyUpdates);
    await tx.execute(
      sql`update previous_compactions set covers_version = ${coversVersion},
            bytes = bytes + ${prunedBytes}, compacted_by = ${compactedBy}, compacted_at = now()
          where note_id = ${note.id}`,
    );
    return prunedBytes;
  }
  const released = Number(kept?.bytes ?? 0);
  if (kept) await tx.delete(previousCompactions).where(eq(previousCompactions.noteId, note.id));
  const bytes = note.snapshotBytes + prunedBytes;
  await tx.execute(
    sql`insert into previous_compactions (note_id, snapshot, snapshot_signature, snapshot_version, covers_version, bytes, compacted_by)
        select id, snapshot, snapshot_signature, snapshot_version, ${coversVersion}, ${bytes}, ${compactedBy}
        from notes where id = ${note.id}`,
  );
  await tx.execute(copyUpdates);
  return bytes - released;
}

/** Bytes kept for a note, for callers that release them (a deleted note). */
export async function keptBytes(tx: Queryable, noteId: string): Promise<number> {
  const [kept] = await rows<{ bytes: string | number }>(
    tx,
    sql`select bytes from previous_compactions where note_id = ${noteId}`,
  );
  return Number(kept?.bytes ?? 0);
}

/** Reads answer a deleted note as not found, as GET /v1/notes/{id} does (contract.md §11). */
async function ownersNote(tx: Queryable, caller: Caller, noteId: string): Promise<void> {
  const [member] = await rows<{ role: string; deleted: boolean }>(
    tx,
    sql`select m.role, n.deleted from note_members m join notes n on n.id = m.note_id
        where m.note_id = ${noteId} and m.account_id = ${caller.accountId}`,
  );
  if (!member || member.role === "revoked" || member.deleted) throw noteNotFound();
  if (member.role !== "owner") {
    throw ownerRequired();
  }
}

export async function readPreviousCompaction(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<PreviousCompaction> {
  const id = noteId.toLowerCase();
  return core.db.transaction((tx) => readKept(tx, caller, id), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

async function readKept(tx: Queryable, caller: Caller, id: string): Promise<PreviousCompaction> {
  await ownersNote(tx, caller, id);
  const [kept] = await rows<{
    snapshot: Uint8Array;
    snapshot_signature: Uint8Array | null;
    snapshot_version: string | number;
    covers_version: string | number;
    bytes: string | number;
    compacted_at: Date | string;
    compacted_by: string | null;
  }>(tx, sql`select * from previous_compactions where note_id = ${id}`);
  if (!kept) throw nothingKept();
  const updates = await rows<{ data: Uint8Array; signature: Uint8Array | null }>(
    tx,
    sql`select data, signature from previous_compaction_updates where note_id = ${id} order by version`,
  );
  const signatures = updateSignatures(updates);
  return {
    snapshot: toBase64(kept.snapshot),
    ...(kept.snapshot_signature && { snapshotSignature: toBase64(kept.snapshot_signature) }),
    snapshotVersion: Number(kept.snapshot_version),
    updates: updates.map((u) => toBase64(u.data)),
    ...(signatures && { updateSignatures: signatures }),
    version: Number(kept.covers_version),
    bytes: Number(kept.bytes),
    compactedAt: new Date(kept.compacted_at).toISOString(),
    ...(kept.compacted_by !== null && { compactedBy: kept.compacted_by }),
  };
}

/** The owner lets the kept generation go; its bytes leave the owner's usage. */
export async function discardPreviousCompaction(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<void> {
  const id = noteId.toLowerCase();
  await core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId, "owner");
    const bytes = await keptBytes(tx, id);
    const gone = await tx
      .delete(previousCompactions)
      .where(eq(previousCompactions.noteId, id))
      .returning({ noteId: previousCompactions.noteId });
    if (gone.length === 0) throw nothingKept();
    await chargeStorage(tx, note.ownerId, -bytes);
  });
}
