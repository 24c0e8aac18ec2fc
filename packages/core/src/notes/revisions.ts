// Premium revisions: encrypted snapshots captured by a member's client, listed
// newest first. Their bytes count against the note owner's usage. A revision may
// come signed (issue 21, signed content): its block names the caller, is answered
// with the descriptor and counts in no usage.
import { accounts, revisions, rows } from "@notes/db";
import { and, desc, eq, sql } from "drizzle-orm";
import { getAccountRow } from "../accounts/find-account";
import { isPremium, tierOf } from "../accounts/tier";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { toBase64 } from "../shared/base64";
import { requireCallerSigned } from "../shared/signature-block";
import type { Caller } from "../types";
import { lockNoteForWrite } from "./note-access";
import { NOTE_CEILING, noteNotFound, noteTooLarge } from "./refusals";
import { chargeStorage } from "./storage";

export interface RevisionDescriptor {
  revision: number;
  bytes: number;
  createdAt: string;
  baseRevision?: number;
  authorHandle?: string;
  epochId?: string;
  signature?: string;
}

async function requirePremium(core: Core, caller: Caller): Promise<void> {
  if (!isPremium(tierOf(await getAccountRow(core.db, caller.accountId)))) {
    throw new DomainError("premium-required", "Revisions need a premium account.");
  }
}

async function requireMember(core: Core, caller: Caller, noteId: string): Promise<void> {
  const found = await rows(
    core.db,
    sql`select 1 from note_members m join notes n on n.id = m.note_id
        where m.note_id = ${noteId} and m.account_id = ${caller.accountId} and m.role <> 'revoked' and not n.deleted`,
  );
  if (found.length === 0) throw noteNotFound();
}

const descriptorColumns = {
  revision: revisions.revision,
  bytes: revisions.bytes,
  createdAt: revisions.createdAt,
  baseRevision: revisions.baseRevision,
  epochId: revisions.epochId,
  signature: revisions.signature,
  authorHandle: accounts.handle,
};

function toDescriptor(r: {
  revision: number;
  bytes: number;
  createdAt: Date;
  baseRevision: number | null;
  epochId: string | null;
  signature: Uint8Array | null;
  authorHandle: string | null;
}): RevisionDescriptor {
  return {
    revision: r.revision,
    bytes: r.bytes,
    createdAt: r.createdAt.toISOString(),
    ...(r.baseRevision !== null && { baseRevision: r.baseRevision }),
    ...(r.authorHandle !== null && { authorHandle: r.authorHandle }),
    ...(r.epochId !== null && { epochId: r.epochId }),
    ...(r.signature !== null && { signature: toBase64(r.signature) }),
  };
}

export interface NewRevision {
  snapshot: Uint8Array;
  baseRevision?: number | null;
  epochId?: string | null;
  signature?: Uint8Array | null;
}

export async function storeRevision(
  core: Core,
  caller: Caller,
  noteId: string,
  input: NewRevision,
): Promise<RevisionDescriptor> {
  const id = noteId.toLowerCase();
  requireCallerSigned(caller.accountId, [["/signature", input.signature]]);
  await requireMember(core, caller, id);
  await requirePremium(core, caller);
  if (input.snapshot.byteLength > NOTE_CEILING) throw noteTooLarge();
  return core.db.transaction(async (tx) => {
    const note = await lockNoteForWrite(tx, id, caller.accountId);
    if (input.baseRevision != null && input.baseRevision >= note.nextRevision) {
      throw new DomainError("invalid-request", "baseRevision names no stored revision.", {
        errors: [{ pointer: "/baseRevision", detail: "No such revision." }],
      });
    }
    await chargeStorage(tx, note.ownerId, input.snapshot.byteLength);
    const revision = note.nextRevision;
    await tx.execute(sql`update notes set next_revision = next_revision + 1 where id = ${id}`);
    const [row] = await tx
      .insert(revisions)
      .values({
        noteId: id,
        revision,
        snapshot: input.snapshot,
        bytes: input.snapshot.byteLength,
        baseRevision: input.baseRevision ?? null,
        authorId: caller.accountId,
        epochId: input.epochId ?? null,
        signature: input.signature ?? null,
      })
      .returning();
    const [author] = await tx
      .select({ handle: accounts.handle })
      .from(accounts)
      .where(eq(accounts.id, caller.accountId));
    if (!row) throw new Error("revision insert returned nothing");
    return toDescriptor({ ...row, authorHandle: author?.handle ?? null });
  });
}

export async function listRevisions(
  core: Core,
  caller: Caller,
  noteId: string,
): Promise<RevisionDescriptor[]> {
  const id = noteId.toLowerCase();
  await requireMember(core, caller, id);
  await requirePremium(core, caller);
  const found = await core.db
    .select(descriptorColumns)
    .from(revisions)
    .leftJoin(accounts, eq(accounts.id, revisions.authorId))
    .where(eq(revisions.noteId, id))
    .orderBy(desc(revisions.revision));
  return found.map(toDescriptor);
}

export async function readRevision(
  core: Core,
  caller: Caller,
  noteId: string,
  revision: number,
): Promise<RevisionDescriptor & { snapshot: string }> {
  const id = noteId.toLowerCase();
  await requireMember(core, caller, id);
  await requirePremium(core, caller);
  const [row] = await core.db
    .select({ ...descriptorColumns, snapshot: revisions.snapshot })
    .from(revisions)
    .leftJoin(accounts, eq(accounts.id, revisions.authorId))
    .where(and(eq(revisions.noteId, id), eq(revisions.revision, revision)));
  if (!row) throw new DomainError("not-found", "No such revision.");
  return { ...toDescriptor(row), snapshot: toBase64(row.snapshot) };
}
